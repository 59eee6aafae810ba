/**
 * Names that leave the server (docs/security.md): photos uploaded under hostile names, through the
 * API in workerd, come back as ZIP folders and entries and download names every disk accepts,
 * inside the folder they are unpacked to; the app still shows each name as the user typed it.
 */
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { BatchResponse, ImageRequestResponse } from '../../shared/schemas';
import { expectSafeName, parseDisposition } from '../support/safe-names';
import { bannerRequest, body, Browser, insertSession, insertUser } from './helpers';

// The Instagram profile picture and the LinkedIn banner.
const FORMATS = [12, 20];

// [the name the user's file had, the folder it becomes in the batch ZIP]
const PHOTOS: Array<[string, string]> = [
  ['...jpg', 'image'],
  ['..', 'image (2)'],
  ['CON.jpg', '_CON'],
  ['nul .png', '_nul'],
  ['LPT1', '_LPT1'],
  ['A.jpg', 'A'],
  ['a.jpg', 'a (2)'],
  ['Cafe\u0301.jpg', 'Café'],
  ['Caf\u00e9.png', 'Café (2)'],
  ['\u202Egpj.exe', 'gpj'],
  ['zero\u200Bwidth\u2060\uFEFF.png', 'zerowidth'],
  ['name. . .', 'name'],
  ['a<b>c:d|e?f*.png', 'a_b_c_d_e_f_'],
  [`${'x'.repeat(300)}.png`, 'x'.repeat(80)],
  [`${'y'.repeat(79)}😀.png`, 'y'.repeat(79)],
  ['Été à la Plage!.jpg', 'Été à la Plage!'],
];

async function unlimitedUser(username: string): Promise<Browser> {
  return new Browser().signIn(await insertSession(await insertUser(username, { unlimited: true })));
}

async function settleBatch(browser: Browser, id: string): Promise<BatchResponse> {
  for (let i = 0; i < 300; i++) {
    const status = await body<BatchResponse>(await browser.call(`/api/batches/${id}`));
    if (status.totals.processing === 0) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('batch still processing after 30 s');
}

/**
 * Every path of a ZIP: relative, without a dot segment or backslash, each segment safe, none twice
 * ignoring case. Answers the pictures' paths (checks.txt, the server's checks, is beside them).
 */
function expectSafeZip(bytes: Uint8Array): string[] {
  const paths = Object.keys(unzipSync(bytes));
  expect(paths).toContain('checks.txt');
  for (const path of paths) {
    expect(path).not.toMatch(/^\//);
    expect(path).not.toContain('\\');
    expect(path.split('/')).not.toContain('..');
    for (const segment of path.split('/')) expectSafeName(segment);
  }
  expect(new Set(paths.map((p) => p.toLowerCase())).size).toBe(paths.length);
  return paths.filter((p) => p !== 'checks.txt');
}

describe('names that leave the server', () => {
  it('turns hostile upload names into safe, distinct ZIP folders, entries and download names', async () => {
    const user = await unlimitedUser('hostile-names');
    const requestIds: string[] = [];
    for (const [typed] of PHOTOS) requestIds.push(await bannerRequest(user, undefined, typed, 'fan-out'));
    const created = await user.call('/api/batches', {
      method: 'POST',
      json: { requestIds, formats: FORMATS, output: { type: 'png', quality: 82 } },
    });
    expect(created.status).toBe(202);
    const batch = await settleBatch(user, (await body<BatchResponse>(created)).id);
    expect(batch.totals).toEqual({ complete: PHOTOS.length * FORMATS.length, failed: 0, processing: 0 });

    // Shown as typed: the batch's progress and the single tool's request keep the user's own name.
    const typedNames = PHOTOS.map(([typed]) => typed.slice(0, 200));
    expect(batch.photos.map((p) => p.originalFilename)).toEqual(typedNames);
    const request = await body<ImageRequestResponse>(await user.call(`/api/image-requests/${requestIds[9]}`));
    expect(request.originalFilename).toBe('\u202Egpj.exe');

    // The batch ZIP: a folder per photo, each safe and distinct when case is ignored.
    const zip = await user.call(`/api/batches/${batch.id}/zip`);
    expect(zip.status).toBe(200);
    const batchName = `batch-${batch.id.slice(0, 8)}.zip`;
    expect(parseDisposition(zip.headers.get('Content-Disposition'))).toEqual({ ascii: batchName, utf8: batchName });
    const paths = expectSafeZip(new Uint8Array(await zip.arrayBuffer()));
    expect(paths).toHaveLength(PHOTOS.length * FORMATS.length);
    expect([...new Set(paths.map((p) => p.split('/')[0]))]).toEqual(PHOTOS.map(([, folder]) => folder));
    expect(paths).toContain('_CON/_CON-linkedin-banner-1584x396.png');
    expect(paths).toContain('image (2)/image-instagram-profile-picture-320x320.png');

    // A request's own ZIP, from the photo named '...jpg' (an entry '../image-…' before).
    const dots = await user.call(`/api/download-zip/${requestIds[0]}?formats=${FORMATS.join(',')}`);
    expect(dots.status).toBe(200);
    expect(parseDisposition(dots.headers.get('Content-Disposition'))).toEqual({
      ascii: 'image-formats.zip',
      utf8: 'image-formats.zip',
    });
    expect(expectSafeZip(new Uint8Array(await dots.arrayBuffer())).sort()).toEqual([
      'image-instagram-profile-picture-320x320.png',
      'image-linkedin-banner-1584x396.png',
    ]);

    // Non-ASCII survives in the UTF-8 name; older clients get an ASCII one.
    const beach = requestIds[PHOTOS.length - 1];
    const beachZip = await user.call(`/api/download-zip/${beach}?formats=${FORMATS.join(',')}`);
    expect(parseDisposition(beachZip.headers.get('Content-Disposition'))).toEqual({
      ascii: 'Ete a la Plage!-formats.zip',
      utf8: 'Été à la Plage!-formats.zip',
    });
    expect(expectSafeZip(new Uint8Array(await beachZip.arrayBuffer()))).toContain(
      'Été à la Plage!-linkedin-banner-1584x396.png',
    );

    // Single downloads of one file.
    const expected: Array<[number, string, string]> = [
      [2, '_CON-linkedin-banner-1584x396.png', '_CON-linkedin-banner-1584x396.png'],
      [9, 'gpj-linkedin-banner-1584x396.png', 'gpj-linkedin-banner-1584x396.png'],
      [
        PHOTOS.length - 1,
        'Ete a la Plage!-linkedin-banner-1584x396.png',
        'Été à la Plage!-linkedin-banner-1584x396.png',
      ],
    ];
    for (const [index, ascii, utf8] of expected) {
      const download = await user.call(`/api/download/${requestIds[index]}/20`);
      expect(download.status).toBe(200);
      const name = parseDisposition(download.headers.get('Content-Disposition'));
      expect(name).toEqual({ ascii, utf8 });
      expectSafeName(name.ascii);
      expectSafeName(name.utf8);
    }
  }, 30_000);
});
