/**
 * A Web Worker that encodes one band of the output with the server's own encoders and options
 * (worker/imaging/jpeg/encode.ts, webp/encode.ts: libjpeg-turbo baseline with optimised tables, libwebp
 * lossy), so the quality preview shows what the file will hold (docs/product.md, "Quality preview"). The compiled WebAssembly modules come from the page with each job.
 */
import { encodeJpeg } from '../../../../worker/imaging/jpeg/encode';
import { encodeWebp } from '../../../../worker/imaging/webp/encode';
import type { BandJob, BandResult } from './band-job';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<BandJob>) => void) | null;
  postMessage: (message: BandResult, transfer: Transferable[]) => void;
};

async function encodeBand(job: BandJob): Promise<void> {
  const raster = { width: job.width, height: job.height, data: job.pixels };
  try {
    const bytes =
      job.type === 'jpeg'
        ? await encodeJpeg(raster, job.quality, job.module, job.imagePixels)
        : await encodeWebp(raster, job.quality, job.module);
    scope.postMessage({ id: job.id, bytes }, [bytes.buffer]);
  } catch (error) {
    scope.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) }, []);
  }
}

scope.onmessage = ({ data }) => void encodeBand(data);
