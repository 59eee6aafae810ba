/**
 * A Web Worker that encodes one band of the output with the server's own encoders and options
 * (engine/codecs/jpeg/encode.ts, webp/encode.ts: libjpeg-turbo baseline with optimised tables, libwebp
 * lossy), so the quality preview shows what the file will hold (docs/product.md, "Quality preview"). The compiled WebAssembly modules come from the page with each job; the worker uses the
 * first it got of each type, so the JPEG encoder's kept instance serves the next band.
 */
import { encodeJpeg } from '@social-resizer/engine/codecs/jpeg/encode';
import { encodeWebp } from '@social-resizer/engine/codecs/webp/encode';
import type { BandJob, BandResult } from './band-job';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<BandJob>) => void) | null;
  postMessage: (message: BandResult, transfer: Transferable[]) => void;
};

/** The first module of each type this worker got (each message brings a copy of the same one). */
const modules: Partial<Record<BandJob['type'], WebAssembly.Module>> = {};

async function encodeBand(job: BandJob): Promise<void> {
  const raster = { width: job.width, height: job.height, data: job.pixels };
  const module = (modules[job.type] ??= job.module);
  try {
    const bytes =
      job.type === 'jpeg'
        ? await encodeJpeg(raster, job.quality, module, job.outputPixels)
        : await encodeWebp(raster, job.quality, module);
    scope.postMessage({ id: job.id, bytes }, [bytes.buffer]);
  } catch (error) {
    scope.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) }, []);
  }
}

scope.onmessage = ({ data }) => void encodeBand(data);
