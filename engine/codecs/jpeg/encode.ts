/**
 * JPEG output through libjpeg-turbo (our build, codec/jpeg_enc.c and codec/build.sh) with the
 * settings libjpeg-turbo, libvips and sharp use by default: baseline, the standard quantisation
 * tables at libjpeg's quality scale, Huffman tables optimised for the image, and chroma as libvips
 * chooses it by default: half resolution both ways (4:2:0) below quality 90, full from 90 (sharp
 * keeps 4:2:0 unless asked for '4:4:4'). The same pixels at the same quality give sharp's file
 * byte for byte, with `chromaSubsampling: '4:4:4'` from 90 (engine/test/output.unit.test.ts).
 *
 * The picture goes in 16 rows at a time and the file comes out 64 kB at a time, so the encoder's
 * memory is the image's coefficients, kept for the optimised tables' second pass (3 bytes a pixel
 * at 4:2:0, 6 at 4:4:4): every output size is encoded in one go, and only a 4:4:4 output over 4 MP
 * (the largest store screenshots at quality 90 or more) is written with the standard tables
 * instead, which need no second pass (files 5 to 20 % larger), to stay within the render's memory
 * (limits.ts). Past 2 MB libjpeg writes the coefficients to stores here (codec/jmem_store.c), each
 * a buffer freed when libjpeg closes it: the instance's memory stays under 4 MB at any output size,
 * where a large output grew it to its coefficients (a 2560×1440 banner to about 14 MB), and it was
 * then garbage, left for V8 to find.
 *
 * An instance whose memory stayed within KEEP_BYTES is kept for the next encode: a fresh one's
 * memory is new pages, and touching them was half of a 1080×1920 encode here (47 → 23 ms). One
 * that failed is never kept. The kept one is counted in the isolate's ledger and let go only when a
 * step needs its room (memory.ts): dropped at every decode and every other encoder, as it was, its
 * memory was garbage each time (about 100 instances of 2 to 8 MB in a run of eight visitors in
 * `npm run bench -- isolate`), left for V8 to find (docs/decisions/0019-isolate-memory-budget.md).
 */
import { concatBytes } from '../../bytes';
import { freeNow, keep } from '../../memory';
import type { Raster } from '../../pixels/raster';

interface Exports {
  memory: WebAssembly.Memory;
  _initialize: () => void;
  jpeg_alloc: (size: number) => number;
  jpeg_free: (pointer: number) => void;
  jpeg_begin: (width: number, height: number, quality: number, fullChroma: number, optimise: number) => void;
  jpeg_rows: (pointer: number, count: number) => void;
  jpeg_end: () => void;
}

/** Rows handed to the encoder at a time: one MCU row at 4:2:0. */
const ROWS = 16;
/** From this quality chroma keeps its full resolution (libvips' "auto" subsampling; MozJPEG did the same here before). */
export const FULL_CHROMA_QUALITY = 90;
/** The most the coefficients kept for optimised Huffman tables may take (4:2:0 at the largest format is 16 MiB). */
const OPTIMISED_TABLES_BYTES = 24 * 1024 * 1024;
/** The most memory an instance kept between encodes may hold (its own stays under 4 MB at any output size). */
const KEEP_BYTES = 8 * 1024 * 1024;

/** An instance of the encoder, where its current file goes, and the stores its coefficients went to. */
interface Encoder {
  module: WebAssembly.Module;
  wasm: Exports;
  file: Uint8Array[];
  stores: (Uint8Array | undefined)[];
}

type Slot = { encoder: Encoder; ledger?: { drop: () => void } };
let kept: Slot | null = null;

/** Takes the kept instance out of the ledger, to be used (or it failed). */
function unkeepEncoder(): void {
  kept?.ledger?.drop();
  kept = null;
}

/** Keeps an instance for the next encode, counted in the isolate's ledger (memory.ts) until let go. */
function keepEncoder(encoder: Encoder): void {
  const slot: Slot = { encoder };
  kept = slot;
  slot.ledger = keep({
    what: 'the JPEG encoder kept for the next encode',
    bytes: () => encoder.wasm.memory.buffer.byteLength,
    letGo: () => {
      if (kept === slot) kept = null;
    },
  });
}

function instantiate(module: WebAssembly.Module): Encoder {
  const encoder = { module, file: [], stores: [] } as unknown as Encoder;
  const bytesAt = (pointer: number, size: number) => new Uint8Array(encoder.wasm.memory.buffer, pointer, size);
  const instance = new WebAssembly.Instance(module, {
    env: {
      // Called while the image is written, after instantiation.
      jpeg_output: (pointer: number, size: number) => {
        encoder.file.push(bytesAt(pointer, size).slice());
      },
      // The coefficients past libjpeg's own memory (codec/jmem_store.c), a strip at a time.
      jpeg_store_open: (bytes: number) => encoder.stores.push(new Uint8Array(bytes)) - 1,
      jpeg_store_write: (store: number, from: number, offset: number, count: number) => {
        encoder.stores[store]!.set(bytesAt(from, count), offset);
      },
      jpeg_store_read: (store: number, into: number, offset: number, count: number) => {
        bytesAt(into, count).set(encoder.stores[store]!.subarray(offset, offset + count));
      },
      jpeg_store_close: (store: number) => {
        freeNow(encoder.stores[store]);
        encoder.stores[store] = undefined;
      },
      // libjpeg's fatal error (a size it cannot write, over 65,500 pixels a side, or no memory
      // left): the throw leaves the instance, which is dropped with it.
      jpeg_failed: (code: number) => {
        throw new Error(`The JPEG encoder failed (libjpeg message ${code})`);
      },
      emscripten_notify_memory_growth: () => undefined,
    },
  });
  encoder.wasm = instance.exports as unknown as Exports;
  encoder.wasm._initialize();
  return encoder;
}

/**
 * Encodes opaque RGBA pixels (alpha is ignored) at a libjpeg quality of 1 to 100. `outputPixels` is
 * the size of the output the raster is part of, when it is a band of one (the quality preview
 * encodes an output in bands): the tables are chosen for the whole output, as the server's encode
 * chooses them.
 */
export async function encodeJpeg(
  raster: Raster,
  quality: number,
  module: WebAssembly.Module,
  outputPixels = raster.width * raster.height,
): Promise<Uint8Array> {
  if (!Number.isFinite(quality)) throw new RangeError(`JPEG quality ${quality} is not a number`);
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  // Taken out of `kept` while in use: an encode that throws leaves it dropped.
  const encoder = kept?.encoder.module === module ? kept.encoder : instantiate(module);
  unkeepEncoder();
  const { wasm } = encoder;
  const { width, height, data } = raster;
  const stride = width * 4;
  const rows = wasm.jpeg_alloc(stride * ROWS);
  if (!rows) throw new Error('The JPEG encoder could not allocate its rows');
  const fullChroma = q >= FULL_CHROMA_QUALITY;
  const coefficientBytes = outputPixels * (fullChroma ? 6 : 3);
  try {
    wasm.jpeg_begin(width, height, q, fullChroma ? 1 : 0, coefficientBytes <= OPTIMISED_TABLES_BYTES ? 1 : 0);
    for (let y = 0; y < height; y += ROWS) {
      const count = Math.min(ROWS, height - y);
      // A view made after each call: the memory's buffer is replaced when it grows.
      new Uint8Array(wasm.memory.buffer, rows, count * stride).set(data.subarray(y * stride, (y + count) * stride));
      wasm.jpeg_rows(rows, count);
    }
    wasm.jpeg_end();
  } finally {
    // Closed by libjpeg as the image ends; a failed one leaves its stores open (and the instance dropped).
    freeNow(...encoder.stores);
    encoder.stores = [];
  }
  wasm.jpeg_free(rows);
  const file = encoder.file;
  encoder.file = [];
  if (wasm.memory.buffer.byteLength <= KEEP_BYTES) keepEncoder(encoder);
  const bytes = concatBytes(file);
  freeNow(...file); // each piece copied out of the encoder's memory, now copied again into the file
  return bytes;
}
