// libjpeg-turbo's SIMD interface (src/jsimd.h, src/jsimddct.h) for WebAssembly's 128-bit SIMD: the
// block path of the compressor, where the C code spends most of an encode (sample conversion, the
// accurate integer forward DCT and quantisation: 33 of 45 ms for a 1080x1920 photo), RGB to
// YCbCr (a fifth of the encoder's time in a fan-out after those) and the Huffman coding of a block
// (then the largest part). Each does the C code's arithmetic, so the file is the one the C code
// writes, byte for byte (libjpeg-turbo's own SIMD makes the same promise). The other jsimd_can_*
// answer 0, and libjpeg-turbo uses its C code for them.
#include <wasm_simd128.h>
#define JPEG_INTERNALS
#include "jinclude.h"
#include "jpeglib.h"
#include "jdct.h"
#include "jsimd.h"
#include "jsimddct.h"
#include "jpeg_nbits.h"

// What this build does with SIMD.
GLOBAL(int) jsimd_can_convsamp(void) { return 1; }
GLOBAL(int) jsimd_can_fdct_islow(void) { return 1; }
GLOBAL(int) jsimd_can_quantize(void) { return 1; }
GLOBAL(int) jsimd_can_rgb_ycc(void) { return 1; }
GLOBAL(int) jsimd_can_huff_encode_one_block(void) { return 1; }

// Sample conversion: eight rows of eight samples, less CENTERJSAMPLE, as DCTELEM (16 bits here).
GLOBAL(void) jsimd_convsamp(JSAMPARRAY sample_data, JDIMENSION start_col, DCTELEM *workspace) {
  const v128_t centre = wasm_i16x8_splat(CENTERJSAMPLE);
  for (int row = 0; row < DCTSIZE; row++) {
    v128_t samples = wasm_u16x8_load8x8(sample_data[row] + start_col);
    wasm_v128_store(workspace + row * DCTSIZE, wasm_i16x8_sub(samples, centre));
  }
}

// Transposes the 8x8 block of 16-bit values whose rows are r[0..7], in place.
static inline void transpose8(v128_t r[8]) {
  v128_t a[8], b[8];
  for (int i = 0; i < 8; i += 2) {
    a[i] = wasm_i16x8_shuffle(r[i], r[i + 1], 0, 8, 1, 9, 2, 10, 3, 11);
    a[i + 1] = wasm_i16x8_shuffle(r[i], r[i + 1], 4, 12, 5, 13, 6, 14, 7, 15);
  }
  for (int i = 0; i < 8; i += 4) {
    for (int j = 0; j < 2; j++) {
      b[i + j] = wasm_i32x4_shuffle(a[i + j], a[i + j + 2], 0, 4, 1, 5);
      b[i + j + 2] = wasm_i32x4_shuffle(a[i + j], a[i + j + 2], 2, 6, 3, 7);
    }
  }
  // b[0] rows 0-3 cols 0-1, b[2] cols 2-3, b[1] cols 4-5, b[3] cols 6-7; likewise b[4..7] rows 4-7.
  r[0] = wasm_i64x2_shuffle(b[0], b[4], 0, 2);
  r[1] = wasm_i64x2_shuffle(b[0], b[4], 1, 3);
  r[2] = wasm_i64x2_shuffle(b[2], b[6], 0, 2);
  r[3] = wasm_i64x2_shuffle(b[2], b[6], 1, 3);
  r[4] = wasm_i64x2_shuffle(b[1], b[5], 0, 2);
  r[5] = wasm_i64x2_shuffle(b[1], b[5], 1, 3);
  r[6] = wasm_i64x2_shuffle(b[3], b[7], 0, 2);
  r[7] = wasm_i64x2_shuffle(b[3], b[7], 1, 3);
}

#define CONST_BITS 13
#define PASS1_BITS 2
#define K(x) wasm_i32x4_splat(x)
#define MUL(v, c) wasm_i32x4_mul(v, K(c))
#define VDESCALE(v, n) wasm_i32x4_shr(wasm_i32x4_add(v, K(1 << ((n) - 1))), n)

// jfdctint.c's 8-point transform in each of four 32-bit lanes (JLONG is 32 bits in WebAssembly):
// in[k] is element k of each lane's row or column; `first` is the row pass.
static inline void fdct4(const v128_t in[8], v128_t out[8], int first) {
  v128_t tmp0 = wasm_i32x4_add(in[0], in[7]), tmp7 = wasm_i32x4_sub(in[0], in[7]);
  v128_t tmp1 = wasm_i32x4_add(in[1], in[6]), tmp6 = wasm_i32x4_sub(in[1], in[6]);
  v128_t tmp2 = wasm_i32x4_add(in[2], in[5]), tmp5 = wasm_i32x4_sub(in[2], in[5]);
  v128_t tmp3 = wasm_i32x4_add(in[3], in[4]), tmp4 = wasm_i32x4_sub(in[3], in[4]);
  v128_t tmp10 = wasm_i32x4_add(tmp0, tmp3), tmp13 = wasm_i32x4_sub(tmp0, tmp3);
  v128_t tmp11 = wasm_i32x4_add(tmp1, tmp2), tmp12 = wasm_i32x4_sub(tmp1, tmp2);
  if (first) {
    out[0] = wasm_i32x4_shl(wasm_i32x4_add(tmp10, tmp11), PASS1_BITS);
    out[4] = wasm_i32x4_shl(wasm_i32x4_sub(tmp10, tmp11), PASS1_BITS);
  } else {
    out[0] = VDESCALE(wasm_i32x4_add(tmp10, tmp11), PASS1_BITS);
    out[4] = VDESCALE(wasm_i32x4_sub(tmp10, tmp11), PASS1_BITS);
  }
  const int n = first ? CONST_BITS - PASS1_BITS : CONST_BITS + PASS1_BITS;
  v128_t z1 = MUL(wasm_i32x4_add(tmp12, tmp13), 4433);          // FIX_0_541196100
  out[2] = VDESCALE(wasm_i32x4_add(z1, MUL(tmp13, 6270)), n);     // FIX_0_765366865
  out[6] = VDESCALE(wasm_i32x4_add(z1, MUL(tmp12, -15137)), n);   // FIX_1_847759065
  z1 = wasm_i32x4_add(tmp4, tmp7);
  v128_t z2 = wasm_i32x4_add(tmp5, tmp6);
  v128_t z3 = wasm_i32x4_add(tmp4, tmp6);
  v128_t z4 = wasm_i32x4_add(tmp5, tmp7);
  v128_t z5 = MUL(wasm_i32x4_add(z3, z4), 9633);                 // FIX_1_175875602
  tmp4 = MUL(tmp4, 2446);                                         // FIX_0_298631336
  tmp5 = MUL(tmp5, 16819);                                        // FIX_2_053119869
  tmp6 = MUL(tmp6, 25172);                                        // FIX_3_072711026
  tmp7 = MUL(tmp7, 12299);                                        // FIX_1_501321110
  z1 = MUL(z1, -7373);                                            // FIX_0_899976223
  z2 = MUL(z2, -20995);                                           // FIX_2_562915447
  z3 = wasm_i32x4_add(MUL(z3, -16069), z5);                       // FIX_1_961570560
  z4 = wasm_i32x4_add(MUL(z4, -3196), z5);                        // FIX_0_390180644
  out[7] = VDESCALE(wasm_i32x4_add(tmp4, wasm_i32x4_add(z1, z3)), n);
  out[5] = VDESCALE(wasm_i32x4_add(tmp5, wasm_i32x4_add(z2, z4)), n);
  out[3] = VDESCALE(wasm_i32x4_add(tmp6, wasm_i32x4_add(z2, z3)), n);
  out[1] = VDESCALE(wasm_i32x4_add(tmp7, wasm_i32x4_add(z1, z4)), n);
}

// One pass over the block: v[k] holds element k of eight rows (or columns) in its 16-bit lanes;
// the result is stored back as DCTELEM, as the C code stores it.
static inline void fdct8(v128_t v[8], int first) {
  v128_t lo[8], hi[8], olo[8], ohi[8];
  for (int k = 0; k < 8; k++) {
    lo[k] = wasm_i32x4_extend_low_i16x8(v[k]);
    hi[k] = wasm_i32x4_extend_high_i16x8(v[k]);
  }
  fdct4(lo, olo, first);
  fdct4(hi, ohi, first);
  for (int k = 0; k < 8; k++) v[k] = wasm_i16x8_narrow_i32x4(olo[k], ohi[k]);
}

// jfdctint.c's jpeg_fdct_islow: rows (on the transposed block, so each lane is a row), then columns.
GLOBAL(void) jsimd_fdct_islow(DCTELEM *data) {
  v128_t v[8];
  for (int k = 0; k < 8; k++) v[k] = wasm_v128_load(data + k * DCTSIZE);
  transpose8(v);  // v[k]: column k, a lane for each row
  fdct8(v, 1);
  transpose8(v);  // v[k]: row k, a lane for each column
  fdct8(v, 0);
  for (int k = 0; k < 8; k++) wasm_v128_store(data + k * DCTSIZE, v[k]);
}

// jcdctmgr.c's quantize for 8-bit samples: |x| + correction, times the reciprocal, shifted right
// by the table's shift, sign restored. The shift is done as SIMD code does it, by a high half and a
// multiply by `scale` (2^(32 - r)) and another high half, which is the same floor of the quotient;
// libjpeg-turbo uses this only when every shift is more than 16 (else its C quantize).
GLOBAL(void) jsimd_quantize(JCOEFPTR coef_block, DCTELEM *divisors, DCTELEM *workspace) {
  for (int i = 0; i < DCTSIZE2; i += 8) {
    v128_t x = wasm_v128_load(workspace + i);
    v128_t recip = wasm_v128_load(divisors + i);
    v128_t corr = wasm_v128_load(divisors + DCTSIZE2 + i);
    v128_t scale = wasm_v128_load(divisors + DCTSIZE2 * 2 + i);
    v128_t sign = wasm_i16x8_shr(x, 15);
    v128_t t = wasm_i16x8_add(wasm_i16x8_abs(x), corr);  // below 2^16, as unsigned
    // High 16 bits of t * recip, then of that times scale, all unsigned.
    v128_t lo = wasm_u32x4_shr(wasm_u32x4_extmul_low_u16x8(t, recip), 16);
    v128_t hi = wasm_u32x4_shr(wasm_u32x4_extmul_high_u16x8(t, recip), 16);
    lo = wasm_u32x4_shr(wasm_i32x4_mul(lo, wasm_u32x4_extend_low_u16x8(scale)), 16);
    hi = wasm_u32x4_shr(wasm_i32x4_mul(hi, wasm_u32x4_extend_high_u16x8(scale)), 16);
    v128_t q = wasm_i16x8_shuffle(lo, hi, 0, 2, 4, 6, 8, 10, 12, 14);  // the low halves: below 2^15
    wasm_v128_store(coef_block + i, wasm_i16x8_sub(wasm_v128_xor(q, sign), sign));
  }
}

// jccolor.c's RGB to YCbCr for 8-bit samples: its table entries are these products (FIX, SCALEBITS
// 16, ONE_HALF and the Cb/Cr offset with its 0.5-epsilon rounding), so the sums are the same.
// The engine's RGBX eight pixels a step (below); other layouts and a row's last pixels one at a
// time.
#define YCC_FIX(x) ((int)((x) * 65536 + 0.5))
#define YCC_HALF (1 << 15)
#define YCC_CBCR ((CENTERJSAMPLE << 16) + YCC_HALF - 1)

static inline void ycc_pixel(int r, int g, int b, JSAMPLE *y, JSAMPLE *cb, JSAMPLE *cr) {
  *y = (JSAMPLE)((YCC_FIX(0.29900) * r + YCC_FIX(0.58700) * g + YCC_FIX(0.11400) * b + YCC_HALF) >> 16);
  *cb = (JSAMPLE)((-YCC_FIX(0.16874) * r - YCC_FIX(0.33126) * g + YCC_FIX(0.50000) * b + YCC_CBCR) >> 16);
  *cr = (JSAMPLE)((YCC_FIX(0.50000) * r - YCC_FIX(0.41869) * g - YCC_FIX(0.08131) * b + YCC_CBCR) >> 16);
}

// Two sums of four pixels each (i32 lanes, the sample in bits 16-23) to eight 8-bit samples.
static inline void ycc_store8(v128_t lo, v128_t hi, JSAMPLE *out) {
  v128_t v = wasm_i16x8_narrow_i32x4(wasm_i32x4_shr(lo, 16), wasm_i32x4_shr(hi, 16));
  wasm_v128_store64_lane(out, wasm_u8x16_narrow_i16x8(v, v), 0);
}

// RGBX pixels p (four, R the low byte) as 16-bit pairs: (R, G) and (B, G) of each pixel.
#define RG(p) wasm_i8x16_shuffle(p, zero, 0, 16, 1, 16, 4, 16, 5, 16, 8, 16, 9, 16, 12, 16, 13, 16)
#define BG(p) wasm_i8x16_shuffle(p, zero, 2, 16, 1, 16, 6, 16, 5, 16, 10, 16, 9, 16, 14, 16, 13, 16)
// Two 16-bit constants as one 32-bit lane pattern, for wasm_i32x4_dot_i16x8 against (x, G) pairs.
#define PAIR(a, b) wasm_i32x4_splat((int)(((unsigned)(b) << 16) | ((unsigned)(a) & 0xffff)))

GLOBAL(void) jsimd_rgb_ycc_convert(j_compress_ptr cinfo, JSAMPARRAY input_buf, JSAMPIMAGE output_buf,
                                   JDIMENSION output_row, int num_rows) {
  const int red = rgb_red[cinfo->in_color_space], green = rgb_green[cinfo->in_color_space];
  const int blue = rgb_blue[cinfo->in_color_space], size = rgb_pixelsize[cinfo->in_color_space];
  const JDIMENSION width = cinfo->image_width;
  // As libjpeg-turbo's SSE2 code (jccolext-sse2.asm) sums them, in pairs a 16-bit multiply-add each:
  // Y = 0.299 R + 0.337 G + 0.114 B + 0.250 G (0.587 G split so each constant fits 16 bits),
  // Cb = -0.16874 R - 0.33126 G + 0.5 B, Cr = 0.5 R - 0.41869 G - 0.08131 B, 0.5 X as X << 15.
  // The same integer products as jccolor.c's tables, so the same sums.
  const v128_t zero = wasm_i32x4_splat(0);
  const v128_t yRG = PAIR(YCC_FIX(0.29900), YCC_FIX(0.58700) - YCC_FIX(0.25000));
  const v128_t yBG = PAIR(YCC_FIX(0.11400), YCC_FIX(0.25000));
  const v128_t cbRG = PAIR(-YCC_FIX(0.16874), -YCC_FIX(0.33126));
  const v128_t crBG = PAIR(-YCC_FIX(0.08131), -YCC_FIX(0.41869));
  const v128_t half = wasm_i32x4_splat(YCC_HALF), cbcr = wasm_i32x4_splat(YCC_CBCR);
  const v128_t redMask = wasm_i32x4_splat(0xff), blueMask = wasm_i32x4_splat(0xff0000);
  const int rgbx = size == 4 && red == 0 && green == 1 && blue == 2;
  while (--num_rows >= 0) {
    JSAMPROW in = *input_buf++;
    JSAMPROW y = output_buf[0][output_row], cb = output_buf[1][output_row], cr = output_buf[2][output_row];
    output_row++;
    JDIMENSION col = 0;
    if (rgbx) {
      for (; col + 8 <= width; col += 8, in += 32) {
        v128_t p[2] = {wasm_v128_load(in), wasm_v128_load(in + 16)}, ys[2], cbs[2], crs[2];
        for (int h = 0; h < 2; h++) {
          v128_t rg = RG(p[h]), bg = BG(p[h]);
          ys[h] = wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_dot_i16x8(rg, yRG), wasm_i32x4_dot_i16x8(bg, yBG)), half);
          v128_t b15 = wasm_u32x4_shr(wasm_v128_and(p[h], blueMask), 1);   // B << 15
          v128_t r15 = wasm_i32x4_shl(wasm_v128_and(p[h], redMask), 15);   // R << 15
          cbs[h] = wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_dot_i16x8(rg, cbRG), b15), cbcr);
          crs[h] = wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_dot_i16x8(bg, crBG), r15), cbcr);
        }
        ycc_store8(ys[0], ys[1], y + col);
        ycc_store8(cbs[0], cbs[1], cb + col);
        ycc_store8(crs[0], crs[1], cr + col);
      }
    }
    for (; col < width; col++, in += size) ycc_pixel(in[red], in[green], in[blue], y + col, cb + col, cr + col);
  }
}

// jchuff.c's Huffman coding of one block, its bit buffer 64 bits (build.sh) and its free_bits the
// bits still free, as jchuff.c keeps them for x86's SIMD coder. Where the C code tests each of the
// 63 AC coefficients in zigzag order, this finds the nonzero ones at once: a 64-bit mask of them
// in natural order (SIMD compares, a row a byte), turned into zigzag order by eight table lookups
// (a row's byte to its bits' zigzag places), then visited lowest first. The same codes, in the
// same order, as the C code writes.
typedef struct {
  union {
    unsigned long long c;
    unsigned long long simd;
  } put_buffer;
  int free_bits;
  int last_dc_val[MAX_COMPS_IN_SCAN];
} huff_savable_state;  // jchuff.c's savable_state

typedef struct {
  JOCTET *next_output_byte;
  size_t free_in_buffer;
  huff_savable_state cur;
  j_compress_ptr cinfo;
  int simd;
} huff_working_state;  // jchuff.c's working_state

// zigzag_bits[row][byte]: the zigzag places of a row's nonzero columns, as bits.
static unsigned long long zigzag_bits[DCTSIZE][256];
static int zigzag_ready;

static void make_zigzag_bits(void) {
  int zigzag_of[DCTSIZE2];
  for (int k = 0; k < DCTSIZE2; k++) zigzag_of[jpeg_natural_order[k]] = k;
  for (int row = 0; row < DCTSIZE; row++)
    for (int byte = 0; byte < 256; byte++) {
      unsigned long long bits = 0;
      for (int col = 0; col < DCTSIZE; col++)
        if (byte & (1 << col)) bits |= 1ULL << zigzag_of[row * DCTSIZE + col];
      zigzag_bits[row][byte] = bits;
    }
  zigzag_ready = 1;
}

// The block's nonzero AC coefficients as bits in zigzag order: a mask of the nonzero ones from
// vector compares, a byte a row (bit c for column c), each byte's bits put in their zigzag places.
static inline unsigned long long nonzero_ac(JCOEFPTR block) {
  if (!zigzag_ready) make_zigzag_bits();
  unsigned long long natural = 0;
  const v128_t zero = wasm_i16x8_splat(0);
  for (int row = 0; row < DCTSIZE; row += 2) {
    v128_t a = wasm_i16x8_ne(wasm_v128_load(block + row * DCTSIZE), zero);
    v128_t b = wasm_i16x8_ne(wasm_v128_load(block + (row + 1) * DCTSIZE), zero);
    natural |= (unsigned long long)wasm_i8x16_bitmask(wasm_i8x16_narrow_i16x8(a, b)) << (row * DCTSIZE);
  }
  unsigned long long zigzag = 0;
  for (int row = 0; row < DCTSIZE; row++) zigzag |= zigzag_bits[row][(natural >> (row * DCTSIZE)) & 0xff];
  return zigzag & ~1ULL;  // not the DC
}

#define HUFF_EMIT_BYTE(b) { \
  buffer[0] = (JOCTET)(b); \
  buffer[1] = 0; \
  buffer -= -2 + ((JOCTET)(b) < 0xFF); \
}
#define HUFF_FLUSH() { \
  if (put_buffer & 0x8080808080808080ULL & ~(put_buffer + 0x0101010101010101ULL)) { \
    HUFF_EMIT_BYTE(put_buffer >> 56) HUFF_EMIT_BYTE(put_buffer >> 48) \
    HUFF_EMIT_BYTE(put_buffer >> 40) HUFF_EMIT_BYTE(put_buffer >> 32) \
    HUFF_EMIT_BYTE(put_buffer >> 24) HUFF_EMIT_BYTE(put_buffer >> 16) \
    HUFF_EMIT_BYTE(put_buffer >> 8) HUFF_EMIT_BYTE(put_buffer) \
  } else { \
    buffer[0] = (JOCTET)(put_buffer >> 56); buffer[1] = (JOCTET)(put_buffer >> 48); \
    buffer[2] = (JOCTET)(put_buffer >> 40); buffer[3] = (JOCTET)(put_buffer >> 32); \
    buffer[4] = (JOCTET)(put_buffer >> 24); buffer[5] = (JOCTET)(put_buffer >> 16); \
    buffer[6] = (JOCTET)(put_buffer >> 8); buffer[7] = (JOCTET)(put_buffer); \
    buffer += 8; \
  } \
}
#define HUFF_PUT_BITS(code, size) { \
  free_bits -= (size); \
  if (free_bits < 0) { \
    put_buffer = (put_buffer << ((size) + free_bits)) | ((unsigned long long)(code) >> -free_bits); \
    HUFF_FLUSH() \
    free_bits += 64; \
    put_buffer = (code); \
  } else \
    put_buffer = (put_buffer << (size)) | (code); \
}
// The value's bits after its symbol's code, in one put (as jchuff.c's PUT_CODE).
#define HUFF_PUT_CODE(value, nbits, code, size) { \
  unsigned int bits_ = ((unsigned int)(value) & ((1U << (nbits)) - 1)) | ((unsigned int)(code) << (nbits)); \
  HUFF_PUT_BITS(bits_, (nbits) + (size)) \
}

GLOBAL(JOCTET *) jsimd_huff_encode_one_block(void *state_, JOCTET *buffer, JCOEFPTR block, int last_dc_val,
                                             c_derived_tbl *dctbl, c_derived_tbl *actbl) {
  huff_working_state *state = (huff_working_state *)state_;
  unsigned long long put_buffer = state->cur.put_buffer.simd;
  int free_bits = state->cur.free_bits;
  // The DC difference, as jchuff.c codes it.
  int temp = block[0] - last_dc_val;
  int sign = temp >> 31;
  temp += sign;
  int nbits = JPEG_NBITS((unsigned int)(sign ^ temp));
  HUFF_PUT_CODE(temp, nbits, dctbl->ehufco[nbits], dctbl->ehufsi[nbits])

  unsigned long long zigzag = nonzero_ac(block);

  int last = 0;  // the zigzag place of the last coefficient coded
  while (zigzag) {
    int k = __builtin_ctzll(zigzag);
    zigzag &= zigzag - 1;
    int run = k - last - 1;
    last = k;
    while (run >= 16) {  // runs of 16 zeros
      HUFF_PUT_BITS(actbl->ehufco[0xf0], actbl->ehufsi[0xf0])
      run -= 16;
    }
    temp = block[jpeg_natural_order[k]];
    sign = temp >> 31;
    temp += sign;
    nbits = JPEG_NBITS_NONZERO((unsigned int)(sign ^ temp));
    int symbol = (run << 4) + nbits;
    HUFF_PUT_CODE(temp, nbits, actbl->ehufco[symbol], actbl->ehufsi[symbol])
  }
  if (last < DCTSIZE2 - 1) HUFF_PUT_BITS(actbl->ehufco[0], actbl->ehufsi[0])  // end of block

  state->cur.put_buffer.simd = put_buffer;
  state->cur.free_bits = free_bits;
  return buffer;
}

// jchuff.c's htest_one_block (build.sh calls this instead): the symbols a block's Huffman coding
// would write, counted for the optimised tables, its nonzero coefficients found as above. The
// same counts, so the same tables.
GLOBAL(void) jsimd_wasm_htest_one_block(j_compress_ptr cinfo, JCOEFPTR block, int last_dc_val, long dc_counts[],
                                        long ac_counts[]) {
  (void)cinfo;
  int temp = block[0] - last_dc_val;
  dc_counts[JPEG_NBITS((unsigned int)(temp < 0 ? -temp : temp))]++;
  unsigned long long zigzag = nonzero_ac(block);
  int last = 0;
  while (zigzag) {
    int k = __builtin_ctzll(zigzag);
    zigzag &= zigzag - 1;
    int run = k - last - 1;
    last = k;
    for (; run >= 16; run -= 16) ac_counts[0xf0]++;
    temp = block[jpeg_natural_order[k]];
    ac_counts[(run << 4) + JPEG_NBITS_NONZERO((unsigned int)(temp < 0 ? -temp : temp))]++;
  }
  if (last < DCTSIZE2 - 1) ac_counts[0]++;  // end of block
}

// Everything else: libjpeg-turbo's C code.
GLOBAL(int) jsimd_can_rgb_gray(void) { return 0; }
GLOBAL(int) jsimd_c_can_null_convert(void) { return 0; }
GLOBAL(int) jsimd_can_h2v2_downsample(void) { return 0; }
GLOBAL(int) jsimd_can_h2v1_downsample(void) { return 0; }
GLOBAL(int) jsimd_can_h2v2_smooth_downsample(void) { return 0; }
GLOBAL(int) jsimd_can_convsamp_float(void) { return 0; }
GLOBAL(int) jsimd_can_fdct_ifast(void) { return 0; }
GLOBAL(int) jsimd_can_fdct_float(void) { return 0; }
GLOBAL(int) jsimd_can_quantize_float(void) { return 0; }
GLOBAL(int) jsimd_can_encode_mcu_AC_first_prepare(void) { return 0; }
GLOBAL(int) jsimd_can_encode_mcu_AC_refine_prepare(void) { return 0; }

// Never called (their jsimd_can_* answer 0); defined because the C code names them.
#define NEVER { __builtin_trap(); }
GLOBAL(void) jsimd_rgb_gray_convert(j_compress_ptr cinfo, JSAMPARRAY input_buf, JSAMPIMAGE output_buf,
                                    JDIMENSION output_row, int num_rows) NEVER
GLOBAL(void) jsimd_c_null_convert(j_compress_ptr cinfo, JSAMPARRAY input_buf, JSAMPIMAGE output_buf,
                                  JDIMENSION output_row, int num_rows) NEVER
GLOBAL(void) jsimd_h2v2_downsample(j_compress_ptr cinfo, jpeg_component_info *compptr, JSAMPARRAY input_data,
                                   JSAMPARRAY output_data) NEVER
GLOBAL(void) jsimd_h2v1_downsample(j_compress_ptr cinfo, jpeg_component_info *compptr, JSAMPARRAY input_data,
                                   JSAMPARRAY output_data) NEVER
GLOBAL(void) jsimd_h2v2_smooth_downsample(j_compress_ptr cinfo, jpeg_component_info *compptr,
                                          JSAMPARRAY input_data, JSAMPARRAY output_data) NEVER
GLOBAL(void) jsimd_convsamp_float(JSAMPARRAY sample_data, JDIMENSION start_col, FAST_FLOAT *workspace) NEVER
GLOBAL(void) jsimd_fdct_ifast(DCTELEM *data) NEVER
GLOBAL(void) jsimd_fdct_float(FAST_FLOAT *data) NEVER
GLOBAL(void) jsimd_quantize_float(JCOEFPTR coef_block, FAST_FLOAT *divisors, FAST_FLOAT *workspace) NEVER
GLOBAL(void) jsimd_encode_mcu_AC_first_prepare(const JCOEF *block, const int *jpeg_natural_order_start, int Sl,
                                               int Al, UJCOEF *values, size_t *zerobits) NEVER
GLOBAL(int) jsimd_encode_mcu_AC_refine_prepare(const JCOEF *block, const int *jpeg_natural_order_start, int Sl,
                                               int Al, UJCOEF *absvalues, size_t *bits) NEVER
