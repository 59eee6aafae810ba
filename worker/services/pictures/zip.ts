import { Zip, ZipPassThrough } from 'fflate';
import { contentDisposition } from '../../../shared/filenames';

const ignore = () => undefined;

/**
 * A ZIP of R2 objects, streamed: each file is read from R2 and passed through (PNG, JPEG and WebP
 * are already compressed, so they are stored), waiting for the reader between chunks, so memory holds about
 * one chunk at a time whatever the number of files. A reader that goes away stops the reading.
 */
export function zipStream(bucket: R2Bucket, files: { name: string; key: string }[]): ReadableStream<Uint8Array> {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void writer.abort(error).catch(ignore);
    writer.write(chunk).catch(ignore);
    if (final) writer.close().catch(ignore);
  });
  const pump = async () => {
    for (const file of files) {
      const object = await bucket.get(file.key);
      if (!object) throw new Error(`missing ${file.key}`);
      const entry = new ZipPassThrough(file.name);
      zip.add(entry);
      const reader = object.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        entry.push(value, false);
        try {
          await writer.ready;
        } catch {
          await reader.cancel().catch(ignore);
          return; // the reader has gone
        }
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  };
  pump().catch((error: unknown) => writer.abort(error).catch(ignore));
  return readable;
}

/** The ZIP as a download: private, never cached, named for the visitor's disk. */
export function zipResponse(bucket: R2Bucket, files: { name: string; key: string }[], filename: string): Response {
  return new Response(zipStream(bucket, files), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition(filename),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
