import { Zip, ZipPassThrough } from 'fflate';
import { fileCheckLine, type FileCheck } from '../../../shared/file-check';
import { contentDisposition } from '../../../shared/filenames';
import { platformName } from '../../../shared/platforms';
import { makeRoom, type Room } from '@social-resizer/engine';
import { openPixels, type PixelFile } from '../access/door';

const ignore = () => undefined;

/**
 * A ZIP of R2 objects, streamed: each file is read from R2 and passed through (PNG, JPEG and WebP
 * are already compressed, so they are stored), waiting for the reader between chunks, so memory holds about
 * one chunk at a time whatever the number of files. A reader that goes away stops the reading.
 */
/** A file of the ZIP: a file the pixel door handed out, or a short text made here (the checks). */
export type ZipEntry = { name: string; file: PixelFile } | { name: string; text: string };

/**
 * What a ZIP holds while it streams (memory.ts): a chunk of one file on its way through, fflate's
 * headers and the stream's queue.
 */
const ZIP_STREAM_BYTES = 1024 * 1024;

export function zipStream(bucket: R2Bucket, files: ZipEntry[], room?: Room): ReadableStream<Uint8Array> {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void writer.abort(error).catch(ignore);
    writer.write(chunk).catch(ignore);
    if (final) writer.close().catch(ignore);
  });
  const pump = async () => {
    for (const file of files) {
      if ('text' in file) {
        const entry = new ZipPassThrough(file.name);
        zip.add(entry);
        entry.push(new TextEncoder().encode(file.text), true);
        continue;
      }
      const pixels = await openPixels(bucket, file.file);
      if (!pixels) throw new Error(`missing ${file.file.key}`);
      const entry = new ZipPassThrough(file.name);
      zip.add(entry);
      const reader = pixels.body.getReader();
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
  pump()
    .catch((error: unknown) => writer.abort(error).catch(ignore))
    .finally(() => room?.release());
  return readable;
}

/** The ZIP as a download: private, never cached, named for the visitor's disk; room is made for its stream first. */
export async function zipResponse(bucket: R2Bucket, files: ZipEntry[], filename: string): Promise<Response> {
  const room = await makeRoom(ZIP_STREAM_BYTES, 'a ZIP being streamed');
  return new Response(zipStream(bucket, files, room), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition(filename),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * checks.txt: each file of the ZIP with the server's check of it ("Ready for Bluesky: 1500×500 JPEG,
 * …"), so what was checked travels with the files (docs/product.md, "A file each platform accepts").
 */
export function checksEntry(files: Array<{ name: string; platform: string; check: FileCheck | null }>): ZipEntry {
  const lines = files.map(
    ({ name, platform, check }) =>
      `${name}\n  ${check ? fileCheckLine(check, platformName(platform)) : 'Made before files were checked.'}`,
  );
  return {
    name: 'checks.txt',
    text: `Each file checked by Social Resizer against its platform's rules.\n\n${lines.join('\n')}\n`,
  };
}
