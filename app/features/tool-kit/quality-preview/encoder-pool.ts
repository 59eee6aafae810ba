/**
 * The browser's encoding of a JPEG or WebP output, for the quality preview: the picture split into
 * horizontal bands encoded at once by a few Web Workers with the server's encoders
 * (engine/codecs/jpeg/encode.ts, webp/encode.ts), their sizes added up into the file's size. Loaded only
 * when a quality is being chosen: nothing of it is on a page's first load.
 */
import jpegWasmUrl from '@social-resizer/engine/codecs/jpeg/codec/jpeg_enc.wasm?url';
import webpWasmUrl from '@jsquash/webp/codec/enc/webp_enc_simd.wasm?url';
import type { BandJob, BandResult, LossyType } from './band-job';

export interface Raster {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface Encoding {
  type: LossyType;
  quality: number;
  /** The estimated file size: the bands' bytes with one file's headers (docs/product.md, "Quality preview": bands add under 1.3 % for JPEG, up to 7 % for WebP). */
  size: number;
  /** Each band's encoded file, top to bottom, and where it goes. */
  bands: Array<{ y: number; bytes: Uint8Array<ArrayBuffer> }>;
  ms: number;
}

/** Below this many pixels a band costs more in start-up than it saves. */
const BAND_PIXELS = 300_000;
const MAX_WORKERS = 4;
/** RIFF and chunk headers each WebP band repeats. */
const WEBP_CONTAINER_BYTES = 20;

const WASM_URLS: Record<LossyType, string> = { jpeg: jpegWasmUrl, webp: webpWasmUrl };
const modules = new Map<LossyType, Promise<WebAssembly.Module>>();

/** Each encoder compiled once per page (the workers get the compiled module). */
function moduleFor(type: LossyType): Promise<WebAssembly.Module> {
  let module = modules.get(type);
  if (!module) {
    module = fetch(WASM_URLS[type])
      .then((response) => {
        if (!response.ok) throw new Error(`The ${type} encoder could not be loaded (${response.status})`);
        return response.arrayBuffer();
      })
      .then((bytes) => WebAssembly.compile(bytes));
    module.catch(() => modules.delete(type));
    modules.set(type, module);
  }
  return module;
}

/** Where the entropy-coded data of a JPEG starts: after its SOS segment. */
export function jpegDataStart(bytes: Uint8Array): number {
  let at = 2;
  while (at + 3 < bytes.length) {
    const marker = bytes[at + 1];
    const end = at + 2 + (((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0));
    if (marker === 0xda) return end;
    at = end;
  }
  return bytes.length;
}

/** One file's size from its bands: one set of headers, every band's data. */
export function joinedSize(type: LossyType, bands: readonly Uint8Array[]): number {
  if (type === 'webp') return bands.reduce((sum, b) => sum + b.length, 0) - WEBP_CONTAINER_BYTES * (bands.length - 1);
  // JPEG: the first band's headers, then each band's data without its EOI, then one EOI.
  return bands.reduce((sum, b, i) => sum + b.length - 2 - (i === 0 ? 0 : jpegDataStart(b)), 0) + 2;
}

/** How many bands: one per core (up to MAX_WORKERS), none smaller than BAND_PIXELS. */
export function bandCount(width: number, height: number, cores = navigator.hardwareConcurrency || 2): number {
  return Math.max(1, Math.min(MAX_WORKERS, cores, Math.floor((width * height) / BAND_PIXELS)));
}

export class EncoderPool {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<number, { resolve: (b: Uint8Array) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private ticket = 0;
  private running: Promise<Encoding> | null = null;

  /** The newest request only: one still waiting when a newer one comes gives null. */
  async latest(raster: Raster, type: LossyType, quality: number): Promise<Encoding | null> {
    const ticket = ++this.ticket;
    while (this.running) {
      await this.running.catch(() => undefined);
      if (ticket !== this.ticket) return null;
    }
    const run = this.encode(raster, type, quality);
    this.running = run;
    try {
      return await run;
    } finally {
      if (this.running === run) this.running = null;
    }
  }

  async encode(raster: Raster, type: LossyType, quality: number): Promise<Encoding> {
    const started = performance.now();
    const module = await moduleFor(type);
    const count = bandCount(raster.width, raster.height);
    // Whole MCU rows (16 pixels) per band, so JPEG blocks never straddle two bands.
    const rows = Math.ceil(raster.height / count / 16) * 16;
    const row = raster.width * 4;
    const jobs: Array<Promise<{ y: number; bytes: Uint8Array<ArrayBuffer> }>> = [];
    for (let y = 0, i = 0; y < raster.height; y += rows, i++) {
      const height = Math.min(rows, raster.height - y);
      const pixels = raster.data.slice(y * row, (y + height) * row);
      const job: BandJob = {
        id: this.nextId++,
        type,
        quality,
        width: raster.width,
        height,
        outputPixels: raster.width * raster.height,
        pixels,
        module,
      };
      jobs.push(this.run(i, job).then((bytes) => ({ y, bytes: bytes as Uint8Array<ArrayBuffer> })));
    }
    const bands = await Promise.all(jobs);
    return {
      type,
      quality,
      size: joinedSize(
        type,
        bands.map((b) => b.bytes),
      ),
      bands,
      ms: performance.now() - started,
    };
  }

  private run(index: number, job: BandJob): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      this.waiting.set(job.id, { resolve, reject });
      this.worker(index).postMessage(job, [job.pixels.buffer]);
    });
  }

  private worker(index: number): Worker {
    let worker = this.workers[index];
    if (!worker) {
      worker = new Worker(new URL('./encode-worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = ({ data }: MessageEvent<BandResult>) => {
        const waiter = this.waiting.get(data.id);
        this.waiting.delete(data.id);
        if ('error' in data) waiter?.reject(new Error(data.error));
        else waiter?.resolve(data.bytes);
      };
      worker.onerror = (event) => {
        for (const waiter of this.waiting.values()) waiter.reject(new Error(event.message || 'The encoder stopped'));
        this.waiting.clear();
      };
      this.workers[index] = worker;
    }
    return worker;
  }

  dispose(): void {
    for (const worker of this.workers) worker.terminate();
    this.workers.length = 0;
    for (const waiter of this.waiting.values()) waiter.reject(new Error('The preview was closed'));
    this.waiting.clear();
  }
}
