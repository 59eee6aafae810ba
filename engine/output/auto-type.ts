/**
 * Auto's pick of a file type: PNG where the output shows transparency or is flat graphics, JPEG for
 * a photograph (docs/decisions/0009-output-types-and-encoders.md).
 */
import { withBuffers } from '../codecs/simd/kernels';
import type { OutputType } from '../plan/output';
import { usesTransparency, type Raster } from '../pixels/raster';

/**
 * Pixels read to judge an output: every pixel of a small one, evenly spread ones of a large one.
 * 65,536 judge as 262,144 did on 517 of 518 test and benchmark pictures at six format sizes (the
 * other a borderline synthetic picture of flat blocks), with a quarter of the work (a fan-out of 108
 * formats spent 1.3 s here before).
 */
const SAMPLE_PIXELS = 65_536;

/** A pixel a viewer sees through: below 97 % opaque, the ground behind it shows. */
const SEE_THROUGH_BELOW = 248;
/**
 * The ring along the edges left out of the count: 0.5 % of the short side, at least a pixel. Framing
 * and resampling can leave part-covered pixels there (a photo's top row at half its alpha), a thin
 * line no viewer takes for a transparent picture; a wider border, a circle, rounded corners or a
 * cut-out reach well inside it.
 */
const EDGE_SHARE = 0.005;
/** Of the pixels inside the ring, the share that must be see-through for the output to keep transparency. */
const SEE_THROUGH_SHARE = 0.002;

/**
 * Whether a viewer would see transparency in the output (docs/product.md, "File types"): enough of
 * its pixels inside the edge ring are see-through, not merely one pixel somewhere, as
 * `usesTransparency` answers. Auto gives PNG only for this.
 */
export function showsTransparency(raster: Raster): boolean {
  if (!usesTransparency(raster)) return false;
  const { width, height, data } = raster;
  const edge = Math.max(1, Math.round(EDGE_SHARE * Math.min(width, height)));
  const innerWidth = width - 2 * edge;
  const innerHeight = height - 2 * edge;
  if (innerWidth <= 0 || innerHeight <= 0) return true;
  const inner = innerWidth * innerHeight;
  const step = Math.max(1, Math.floor(inner / SAMPLE_PIXELS));
  let seen = 0;
  let clear = 0;
  for (let p = 0; p < inner; p += step, seen++) {
    const x = edge + (p % innerWidth);
    const y = edge + Math.floor(p / innerWidth);
    if ((data[(y * width + x) * 4 + 3] as number) < SEE_THROUGH_BELOW) clear++;
  }
  return clear >= SEE_THROUGH_SHARE * seen;
}

/**
 * Flat graphics (logos, screenshots, illustrations): at most 256 colours, 16 colours covering half
 * the picture (flat fills and backgrounds), or a quarter of it with at most 8,192 colours in all
 * (a logo's anti-aliased drawing on its background: scikit-image's logo cropped to a banner has
 * 6,875 colours, the top 16 covering 35 %). A photograph has none of these, even one upscaled from
 * a small original: its colours are many and evenly spread (the test corpus' 240×160 photos: over
 * 14,000 colours, the top 16 a fifth; the benchmark photos: a hundredth).
 */
export function looksFlat(raster: Raster): boolean {
  const pixels = raster.width * raster.height;
  const step = Math.max(1, Math.floor(pixels / SAMPLE_PIXELS));
  // A sixteenth of the samples first (every sixteenth sample): where they already hold over 256
  // colours and their 16 commonest cover under an eighth, the whole sample has over 256 colours
  // too, and 16 colours covering a quarter of it would have to show in under half their share
  // here, which only a picture repeating in step with the samples could do (a photograph's cover
  // a hundredth to an eighth: dark skies repeat colours). Most photographs are judged at a
  // sixteenth of the work.
  const glance = colourCounts(raster.data, pixels, step * 16);
  if (glance.colours > 256 && glance.share < 1 / 8) return false;
  const { colours, share } = colourCounts(raster.data, pixels, step);
  return colours <= 256 || share >= 0.5 || (share >= 0.25 && colours <= 8192);
}

/** The colours of every `step`th pixel: how many, and the share of the samples the 16 commonest cover. */
function colourCounts(d: Raster['data'], pixels: number, step: number): { colours: number; share: number } {
  // Colour counts in an open-addressed table (a Map cost 23 ms a call on the benchmark's outputs):
  // at least 1.5 times the samples in slots, each a colour + 1 (0 is an empty slot) beside its
  // count, so that a probe reads one cache line; 1 MB for 65,536 samples, in the kernels' memory
  // (touched already). Two fresh arrays of twice the slots took 1.6-12 ms a call on the benchmark
  // photos' banners, most of it the first touch of 2 MB of fresh memory; this takes 0.9-1.8 ms.
  const bits = Math.max(8, Math.ceil(Math.log2(1.5 * Math.ceil(pixels / step))));
  const slots = 1 << bits;
  const { at: offsets, buffer } = withBuffers({ table: slots * 8 });
  const table = new Int32Array(buffer, offsets.table, slots * 2).fill(0);
  const last = slots * 2 - 2;
  let colours = 0;
  let sampled = 0;
  for (let p = 0; p < pixels; p += step, sampled++) {
    const i = p * 4;
    const key = (((d[i] as number) << 16) | ((d[i + 1] as number) << 8) | (d[i + 2] as number)) + 1;
    let slot = (Math.imul(key, 0x9e3779b1) >>> (32 - bits)) << 1;
    while (table[slot] !== 0 && table[slot] !== key) slot = (slot + 2) & last;
    if (table[slot] === 0) {
      table[slot] = key;
      colours++;
    }
    table[slot + 1] = (table[slot + 1] as number) + 1;
  }
  if (colours <= 256) return { colours, share: 1 };
  // The 16 largest counts.
  const top = new Uint32Array(16);
  for (let slot = 1; slot < slots * 2; slot += 2) {
    const n = table[slot] as number;
    if (n <= (top[15] as number)) continue;
    let at = 15;
    while (at > 0 && (top[at - 1] as number) < n) {
      top[at] = top[at - 1] as number;
      at--;
    }
    top[at] = n;
  }
  return { colours, share: top.reduce((sum, n) => sum + n, 0) / sampled };
}

/**
 * Auto's pick among the types a platform accepts: PNG where a viewer would see transparency in the
 * output or it is flat graphics, JPEG for a photograph; the first accepted type when the pick is not
 * accepted.
 */
export function autoType(raster: Raster, accepted: readonly OutputType[], opaque: boolean): OutputType {
  const graphic = (!opaque && showsTransparency(raster)) || looksFlat(raster);
  const pick: OutputType = graphic ? 'png' : 'jpeg';
  return accepted.includes(pick) ? pick : (accepted[0] ?? 'png');
}
