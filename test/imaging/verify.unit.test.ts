/**
 * The upload's check of a JPEG reads its structure (markers, tables, scan headers) without decoding
 * any entropy data: it must accept exactly the files the full decoder accepts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { admitImage, inspectImage } from '../../worker/imaging';
import { decodeJpeg, verifyJpeg } from '../../worker/imaging/jpeg/decode';
import { corpusMutants } from '../support/mutations';

const CORPUS = join(import.meta.dirname, '../fixtures/corpus');
const outcome = (run: () => unknown) => {
  try {
    run();
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
};

describe('verifying a JPEG without rendering it', () => {
  const read = (name: string) => new Uint8Array(readFileSync(join(CORPUS, name)));
  // The small JPEGs (the large ones take seconds to decode 25 times over and add no new structure).
  const files = readdirSync(CORPUS).filter((name) => name.endsWith('.jpg') && read(name).length < 200_000);
  const cases = [
    ...files.map((name) => ({ name, bytes: read(name) })),
    ...corpusMutants(read, 25).filter((m) => files.some((f) => m.name.startsWith(f))),
  ];

  it(`accepts and refuses exactly as the decoder does (${cases.length} files and mutants)`, () => {
    const differ: string[] = [];
    let accepted = 0;
    for (const { name, bytes } of cases) {
      let info;
      try {
        info = inspectImage(bytes);
        admitImage(info);
      } catch {
        continue; // refused before any decoding, as the upload does
      }
      if (info.type !== 'jpeg') continue;
      const full = outcome(() => decodeJpeg(bytes, info));
      const verified = outcome(() => verifyJpeg(bytes, info));
      if (full !== verified) differ.push(`${name}: decode ${full}, verify ${verified}`);
      if (full === 'ok') accepted++;
    }
    expect(differ).toEqual([]);
    expect(accepted).toBeGreaterThan(files.length);
  });
});
