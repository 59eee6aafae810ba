/**
 * The browser's reading of a photo's size from the start of its file (app/features/tool-kit/
 * picture-size.ts: what decides, without decoding, that a photo goes up as it is) against the
 * server's reading of the whole file, for every type the server takes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { sizeFromHead } from '../../app/features/tool-kit/picture-size';
import { inspectImage } from '@social-resizer/engine';

it("reads a photo's size from the start of its file as the server reads it, JPEG, PNG and WebP", () => {
  const dir = join(import.meta.dirname, '../fixtures/corpus');
  let read = 0;
  for (const file of readdirSync(dir).filter((f) => /\.(jpe?g|png|webp)$/.test(f))) {
    const bytes = new Uint8Array(readFileSync(join(dir, file)));
    let info: ReturnType<typeof inspectImage>;
    try {
      info = inspectImage(bytes);
    } catch {
      continue; // the server refuses it: it goes up and the server says why
    }
    expect([file, sizeFromHead(bytes.subarray(0, 512 * 1024))]).toEqual([
      file,
      { width: info.width, height: info.height },
    ]);
    read++;
  }
  expect(read).toBeGreaterThan(20);
  expect(sizeFromHead(new TextEncoder().encode('GIF89a, not one of them'))).toBeNull();
  expect(sizeFromHead(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff]))).toBeNull(); // a header cut short
});
