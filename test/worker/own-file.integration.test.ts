/**
 * A fan-out never makes a file of the single tool's (shared/schemas.ts, REQUEST_PURPOSES): the
 * request's own format, framed by the user's crop, and the download step's other formats stay the
 * user's, whichever route names them; a request made for a fan-out has no file of its own.
 */
import { describe, expect, it } from 'vitest';
import type { ConversionResponse, ImageRequestResponse, RequestPurpose } from '../../shared/schemas';
import { findFormat } from '../../shared/formats';
import { body, Browser, fixture, insertSession, insertUser, settle } from './helpers';

const LINKEDIN_BANNER = 20; // the requests' own format (bannerRequest)
const YOUTUBE_BANNER = 36;
const TWITTER_HEADER = 29;
const INSTAGRAM_PROFILE = 12;
const FACEBOOK_PROFILE = 1;
const LINKEDIN_PROFILE = 19;

async function unlimitedBrowser(name: string): Promise<Browser> {
  return new Browser().signIn(await insertSession(await insertUser(name, { unlimited: true })));
}

/** Every route that can name a format of a request as a fan-out's target, naming `formatId`. */
function fanOutRoutes(browser: Browser, id: string, formatId: number, own: number) {
  return {
    // The banner adjuster converts from the request's own format (its source).
    banner: () =>
      browser.call(`/api/banner-convert/${id}`, {
        method: 'POST',
        json: { sourceFormatId: own, targetFormatIds: [YOUTUBE_BANNER, formatId], useAi: false },
      }),
    profile: () =>
      browser.call(`/api/profile-convert/${id}`, {
        method: 'POST',
        json: { sourceFormatId: null, targetFormatIds: [FACEBOOK_PROFILE, formatId] },
      }),
    batchProcess: () =>
      browser.call(`/api/batch-process/${id}`, { method: 'POST', json: { formats: [YOUTUBE_BANNER, formatId] } }),
    batch: () =>
      browser.call('/api/batches', { method: 'POST', json: { requestIds: [id], formats: [YOUTUBE_BANNER, formatId] } }),
    reframe: () =>
      browser.call(`/api/conversions/${id}/reframe`, {
        method: 'POST',
        json: { formatId, crop: { x: 0, y: 0, width: 200, height: 50 } },
      }),
  };
}

/** A request for `formatId` of rgb.png, framed by a crop of its top-left corner. */
async function requestFor(browser: Browser, formatId: number, purpose: RequestPurpose): Promise<string> {
  const upload = await body<{ path: string; originalFilename: string; width: number; height: number }>(
    await browser.upload('rgb.png', fixture('rgb.png')),
  );
  const format = findFormat(formatId)!;
  const width = upload.width / 2;
  const created = await browser.call('/api/image-requests', {
    method: 'POST',
    json: {
      originalFilename: upload.originalFilename,
      originalPath: upload.path,
      platform: format.platform,
      format: format.format,
      width: format.width,
      height: format.height,
      cropDetails: { x: 0, y: 0, width, height: (width * format.height) / format.width, zoom: 2 },
      purpose,
    },
  });
  expect(created.status).toBe(201);
  return (await body<{ id: string }>(created)).id;
}

/** A single-tool request for `formatId`, processed with `others`. */
async function processedFor(browser: Browser, formatId: number, others: number[]): Promise<string> {
  const id = await requestFor(browser, formatId, 'single');
  const res = await browser.call(`/api/process-image/${id}`, { method: 'POST', json: { formats: others } });
  expect(res.status).toBe(200);
  return id;
}

const fileOf = async (browser: Browser, path: string) => new Uint8Array(await (await browser.call(path)).arrayBuffer());

describe("the single tool's files", () => {
  it('are never made again by a fan-out, whichever route names them: 400 saying why, nothing changed', async () => {
    const user = await unlimitedBrowser('own-file-owner');
    // Two requests of the single tool's, each framed by the user's crop (the top-left corner, so
    // any other framing shows): a banner with another banner made beside it, a profile picture with another.
    const cases = [
      { own: LINKEDIN_BANNER, other: TWITTER_HEADER, routes: ['banner', 'batchProcess', 'batch', 'reframe'] },
      { own: LINKEDIN_PROFILE, other: INSTAGRAM_PROFILE, routes: ['profile', 'batchProcess', 'batch', 'reframe'] },
    ];
    for (const { own, other, routes } of cases) {
      const id = await processedFor(user, own, [other]);
      const before = await body<ImageRequestResponse>(await user.call(`/api/image-requests/${id}`));
      const ownBytes = await fileOf(user, `/api/download/${id}`);
      const otherBytes = await fileOf(user, `/api/download/${id}/${other}`);
      for (const formatId of [own, other]) {
        const named = fanOutRoutes(user, id, formatId, own);
        for (const route of routes) {
          const res = await named[route as keyof typeof named]();
          expect(res.status, `${route} naming ${formatId}`).toBe(400);
          const { message } = await body(res);
          if (route === 'reframe') expect(message).toMatch(/converted target/);
          // The banner adjuster's source is the own format: the same platform is refused first.
          else if (route === 'banner' && formatId === own) expect(message).toMatch(/same platform/);
          else expect(message, route).toMatch(formatId === own ? /own format/ : /made for this request in the Single/);
        }
      }
      // Nothing was marked, queued or made: the files, the crop and the statuses are as they were.
      const after = await body<ImageRequestResponse>(await user.call(`/api/image-requests/${id}`));
      expect(after.cropDetails).toEqual(before.cropDetails);
      expect(after.status).toBe('complete');
      expect(after.outputs.map((o) => [o.formatId, o.status])).toEqual([[other, 'complete']]);
      expect(await fileOf(user, `/api/download/${id}`)).toEqual(ownBytes);
      expect(await fileOf(user, `/api/download/${id}/${other}`)).toEqual(otherBytes);
    }

    // Formats the single tool never made are a fan-out's to make, beside the user's files.
    const id = await processedFor(user, LINKEDIN_BANNER, []);
    const ownBytes = await fileOf(user, `/api/download/${id}`);
    const banner = await user.call(`/api/banner-convert/${id}`, {
      method: 'POST',
      json: { sourceFormatId: LINKEDIN_BANNER, targetFormatIds: [YOUTUBE_BANNER], useAi: false },
    });
    expect(banner.status).toBe(202);
    expect((await settle(user, id)).results).toEqual({ [YOUTUBE_BANNER]: 'complete' });
    expect(await fileOf(user, `/api/download/${id}`)).toEqual(ownBytes);
  });

  it('a request made for a fan-out has its format as a target, and the single tool leaves it alone (409)', async () => {
    const browser = new Browser();
    // A fresh photo in the profile adjuster: its request is made for the first target, with no file of its own.
    const id = await requestFor(browser, LINKEDIN_PROFILE, 'fan-out');
    const made = await body<ImageRequestResponse>(await browser.call(`/api/image-requests/${id}`));
    expect(made.purpose).toBe('fan-out');
    const started = await browser.call(`/api/profile-convert/${id}`, {
      method: 'POST',
      json: { sourceFormatId: null, targetFormatIds: [LINKEDIN_PROFILE, INSTAGRAM_PROFILE] },
    });
    expect(started.status).toBe(202);
    const done: ConversionResponse = await settle(browser, id);
    expect(done.results).toEqual({ [LINKEDIN_PROFILE]: 'complete', [INSTAGRAM_PROFILE]: 'complete' });
    expect(done.framings[LINKEDIN_PROFILE]?.framing).toMatch(/centred|planned/);
    // The adjuster's outputs are free, that one too: the visitor's one free download is still there.
    const free = (await browser.call('/api/check-rate-limits')).headers.get('X-RateLimit-Remaining');
    const zip = await browser.call(`/api/download-zip/${id}?formats=${LINKEDIN_PROFILE},${INSTAGRAM_PROFILE}`);
    expect(zip.status).toBe(200);
    await zip.arrayBuffer();
    expect((await browser.call('/api/check-rate-limits')).headers.get('X-RateLimit-Remaining')).toBe(free);

    const single = await browser.call(`/api/process-image/${id}`, { method: 'POST' });
    expect(single.status).toBe(409);
    expect((await body(single)).message).toMatch(/Single Image tool/);
    expect((await settle(browser, id)).framings[LINKEDIN_PROFILE]).toEqual(done.framings[LINKEDIN_PROFILE]);
  });
});
