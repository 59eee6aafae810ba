import { describe, expect, it } from 'vitest';
import type { ImageRequestResponse, UploadResponse } from '../../shared/schemas';
import { corpusMutants, prng } from '../support/mutations';
import { body, Browser, countStored, decodeFile, fixture } from './helpers';

/**
 * The hostile-input corpus. The named bad files (truncated, CMYK, 16-bit, grey+alpha, animated,
 * GIF, SVG with script, HTML named .png, bombs, empty, over 50 MB, no file, huge field name) are
 * checked one by one in images.integration.test.ts; here, generated corruptions of every kind
 * and every JSON route's bad bodies. The rule for all: a 4xx with a message, or a correct output;
 * never a 5xx, and nothing stored by a refusal.
 */

type Mutation = { name: string; bytes: Uint8Array };

/** Bit flips, garbage blocks, a dropped middle and a repeated chunk, all after the first 16 bytes (the type stays recognisable). */
function mutants(name: string, count: number): Mutation[] {
  const original = fixture(name);
  const out: Mutation[] = [];
  for (let i = 0; i < count; i++) {
    const random = prng(i * 7919 + original.length);
    const bytes = original.slice();
    const at = () => 16 + Math.floor(random() * (bytes.length - 16));
    switch (i % 4) {
      case 0:
        for (let k = 0; k < 8; k++) bytes[at()]! ^= 1 << Math.floor(random() * 8);
        out.push({ name: `${name}#flip${i}`, bytes });
        break;
      case 1: {
        const start = at();
        for (let k = start; k < Math.min(bytes.length, start + 64); k++) bytes[k] = Math.floor(random() * 256);
        out.push({ name: `${name}#garbage${i}`, bytes });
        break;
      }
      case 2: {
        const start = at();
        out.push({
          name: `${name}#hole${i}`,
          bytes: new Uint8Array([
            ...original.subarray(0, start),
            ...original.subarray(Math.min(original.length, start + 200)),
          ]),
        });
        break;
      }
      default: {
        const start = at();
        const piece = original.subarray(start, Math.min(original.length, start + 300));
        out.push({
          name: `${name}#repeat${i}`,
          bytes: new Uint8Array([
            ...original.subarray(0, start),
            ...piece,
            ...piece,
            ...original.subarray(start + piece.length),
          ]),
        });
      }
    }
  }
  return out;
}

const CORRUPTED = [
  ...[
    'baseline.jpg',
    'progressive.jpg',
    'rgb.png',
    'interlaced.png',
    'rgba-16bit.png',
    'lossy.webp',
    'alpha.webp',
  ].flatMap((name) => mutants(name, 8)),
  // Marker-level mutants: lengths, repeated, missing and hidden headers, sizes that disagree.
  ...corpusMutants(fixture, 10),
];

describe('corrupted images through upload and the engine', () => {
  it(`answers ${CORRUPTED.length} corrupted files with a 4xx or a correct output, never a 5xx, and stores nothing for a refusal`, async () => {
    const outcomes: Record<string, number> = {};
    for (const { name, bytes } of CORRUPTED) {
      const browser = new Browser();
      const before = await countStored();
      const res = await browser.upload(name.replace(/#.*/, ''), bytes);
      outcomes[res.status] = (outcomes[res.status] ?? 0) + 1;
      expect(res.status, name).toBeLessThan(500);
      if (res.status !== 201) {
        expect(res.status, name).toBeGreaterThanOrEqual(400);
        expect((await body(res)).message, name).toMatch(/\w/);
        expect(await countStored(), name).toEqual(before);
        continue;
      }
      // Accepted: it must process to an exact, decodable output, or be refused with a 4xx.
      const upload = await body<UploadResponse>(res);
      const created = await browser.call('/api/image-requests', {
        method: 'POST',
        json: {
          originalFilename: upload.originalFilename,
          originalPath: upload.path,
          // A small output: this is about decoding hostile files; encoders are tested elsewhere.
          platform: 'instagram',
          format: 'profile picture',
          width: 320,
          height: 320,
          cropDetails: {
            x: 0,
            y: 0,
            width: Math.min(upload.width, upload.height),
            height: Math.min(upload.width, upload.height),
            zoom: 1,
          },
        },
      });
      expect(created.status, name).toBe(201);
      const request = await body<ImageRequestResponse>(created);
      const processed = await browser.call(`/api/process-image/${request.id}`, { method: 'POST' });
      expect(processed.status, name).toBeLessThan(500);
      if (processed.status !== 200) continue;
      const download = await browser.call(`/api/download/${request.id}`);
      expect(download.status, name).toBe(200);
      const file = new Uint8Array(await download.arrayBuffer());
      const raster = await decodeFile(file);
      expect([raster.width, raster.height], name).toEqual([320, 320]);
    }
    // Both paths were exercised: some corruptions are refused, some decode to a (damaged) picture.
    expect(Object.keys(outcomes).length, JSON.stringify(outcomes)).toBeGreaterThan(1);
    // And the isolate is still well: a good upload after them all.
    expect((await new Browser().upload('rgb.png', fixture('rgb.png'))).status).toBe(201);
  }, 240_000);
});

const ID = '00000000-0000-4000-8000-000000000000';
/** Every route that reads a JSON body. */
const JSON_ROUTES: [method: string, path: string][] = [
  ['POST', '/api/register'],
  ['POST', '/api/login'],
  ['POST', '/api/contact'],
  ['POST', '/api/newsletter'],
  ['POST', '/api/image-requests'],
  ['POST', '/api/create-payment-intent'],
  ['POST', '/api/confirm-payment'],
  ['POST', '/api/payment-success'],
  ['POST', `/api/banner-convert/${ID}`],
  ['POST', `/api/profile-convert/${ID}`],
  ['POST', `/api/batch-process/${ID}`],
  ['POST', '/api/batches'],
  ['POST', '/api/admin/login'],
  ['POST', '/api/user/password'],
  ['DELETE', '/api/user'],
];

const send = (method: string, path: string, raw: string) =>
  new Browser().call(path, { method, body: raw, headers: { 'Content-Type': 'application/json' } });

describe('bad bodies on every JSON route', () => {
  it.each(JSON_ROUTES)(
    '%s %s answers malformed JSON, wrong types and oversize values with a 4xx and a message',
    async (method, path) => {
      const malformed = await send(method, path, '{"username": "ann",');
      expect(malformed.status).toBe(400);
      expect(await body(malformed)).toEqual({ message: 'Request body must be valid JSON' });

      for (const raw of [
        '[]',
        '"text"',
        '42',
        'null',
        'true',
        '{}',
        JSON.stringify({
          username: 1,
          password: [],
          email: {},
          name: null,
          formats: 'x',
          planId: 7,
          paymentIntentId: false,
          targetFormatIds: [1.5],
          sourceFormatId: -1,
          uploadId: 3,
        }),
      ]) {
        const res = await send(method, path, raw);
        expect([raw, res.status]).toEqual([raw, 400]);
        expect((await body(res)).message).toMatch(/\w/);
      }

      // A value far over any field's limit but under the body cap: the schema refuses it.
      const long = 'x'.repeat(4_000);
      const oversizeValue = await send(
        method,
        path,
        JSON.stringify({
          username: long,
          password: long,
          email: `${long}@example.com`,
          name: long,
          message: long,
          subject: long,
          planId: long,
          paymentIntentId: long,
          formats: [long],
          targetFormatIds: [1e308],
          sourceFormatId: 1e308,
        }),
      );
      expect(oversizeValue.status).toBe(400);

      // A body over the 64 KB cap is refused before it is parsed.
      const huge = await send(method, path, JSON.stringify({ padding: 'y'.repeat(200_000) }));
      expect(huge.status).toBe(413);
      expect(await body(huge)).toEqual({ message: 'The request body is too large.' });
    },
  );
});
