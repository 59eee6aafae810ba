import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { planRegionCrop } from '@social-resizer/engine/plan/framing';
import { findFormat } from '../../shared/formats';
import type { ConversionResponse } from '../../shared/schemas';
import { encodePng, inspectImage, releaseKeptPicture, type Raster } from '@social-resizer/engine';
import worker from '../../worker/index';
import { ipKey } from '../../worker/services/caller';
import {
  bannerRequest,
  body,
  Browser,
  decodeFile,
  fixture,
  insertProcessing,
  processedRequest,
  settle,
} from './helpers';

const TWITTER_HEADER = { platform: 'twitter', format: 'header', width: 1500, height: 500 };
const TARGETS = {
  facebookCover: 2,
  linkedinBanner: 20,
  youtubeBanner: 36,
  playFeature: 61,
  behanceBanner: 69,
} as const;

/** A visitor's uploaded header, requested as the Twitter header: the banner flow's source. */
async function sourceRequest(browser: Browser): Promise<string> {
  const upload = await browser.upload('team header.png', fixture('rgb.png'));
  const { path, originalFilename, width, height } = await body<{
    path: string;
    originalFilename: string;
    width: number;
    height: number;
  }>(upload);
  const created = await browser.call('/api/image-requests', {
    method: 'POST',
    json: {
      originalFilename,
      originalPath: path,
      ...TWITTER_HEADER,
      cropDetails: { x: 0, y: 0, width, height, zoom: 1 },
    },
  });
  expect(created.status).toBe(201);
  return (await body<{ id: string }>(created)).id;
}

function imageSize(bytes: Uint8Array): { width: number; height: number } {
  const { width, height } = inspectImage(bytes);
  return { width, height };
}

function convert(browser: Browser, id: string, json: unknown, flow = 'banner-convert') {
  return browser.call(`/api/${flow}/${id}`, { method: 'POST', json });
}

describe('banner conversions on the queue', () => {
  it('answers processing at once, completes every target, and zips exactly the requested files at their sizes', async () => {
    const browser = new Browser();
    const id = await sourceRequest(browser);
    const targets = Object.values(TARGETS);
    const res = await convert(browser, id, {
      sourceFormatId: 29,
      targetFormatIds: targets,
      useAi: true,
      output: { type: 'png', quality: 82 },
    });
    expect(res.status).toBe(202);
    const started = await body<ConversionResponse>(res);
    expect(started.analysisPerformed).toBe(true);
    expect(
      Object.keys(started.results)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...targets].sort((a, b) => a - b));
    expect(Object.values(started.results).every((s) => s === 'processing' || s === 'complete')).toBe(true);

    const done = await settle(browser, id);
    expect(Object.values(done.results)).toEqual(targets.map(() => 'complete'));

    const preview = await browser.call(`/api/preview/${id}/${TARGETS.youtubeBanner}`);
    expect(preview.status).toBe(200);
    const one = await browser.call(`/api/download/${id}/${TARGETS.youtubeBanner}`);
    expect(one.status).toBe(200);
    expect(imageSize(new Uint8Array(await one.arrayBuffer()))).toEqual({ width: 2560, height: 1440 });

    const zip = await browser.call(
      `/api/download-zip/${id}?formats=${TARGETS.linkedinBanner},${TARGETS.youtubeBanner},${TARGETS.behanceBanner}`,
    );
    expect(zip.status).toBe(200);
    expect(zip.headers.get('Content-Type')).toBe('application/zip');
    expect(zip.headers.get('Content-Disposition')).toBe(
      `attachment; filename="team header-formats.zip"; filename*=UTF-8''team%20header-formats.zip`,
    );
    const { 'checks.txt': checks, ...files } = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    // Each file with the server's check of it.
    expect(new TextDecoder().decode(checks)).toContain(
      'team header-linkedin-banner-1584x396.png\n  Ready for LinkedIn: 1584×396 PNG',
    );
    expect(Object.keys(files).sort()).toEqual([
      'team header-behance-banner-3200x410.png',
      'team header-linkedin-banner-1584x396.png',
      'team header-youtube-banner-2560x1440.png',
    ]);
    expect(imageSize(files['team header-behance-banner-3200x410.png']!)).toEqual({ width: 3200, height: 410 });
    expect(imageSize(files['team header-linkedin-banner-1584x396.png']!)).toEqual({ width: 1584, height: 396 });

    // Asking again does no harm: finished targets stay finished and nothing is queued again.
    const again = await convert(browser, id, {
      sourceFormatId: 29,
      targetFormatIds: targets,
      output: { type: 'png', quality: 82 },
    });
    expect(Object.values((await body<ConversionResponse>(again)).results).every((s) => s === 'complete')).toBe(true);
  });

  it('needs no payment: a visitor past the free download still downloads banner conversions', async () => {
    const browser = new Browser();
    await browser.call(`/api/download/${await processedRequest(browser)}`);
    const id = await sourceRequest(browser);
    await convert(browser, id, { sourceFormatId: 29, targetFormatIds: [TARGETS.linkedinBanner] });
    await settle(browser, id);
    expect((await browser.call(`/api/download/${id}/${TARGETS.linkedinBanner}`)).status).toBe(200);
    expect((await browser.call(`/api/download-zip/${id}?formats=${TARGETS.linkedinBanner}`)).status).toBe(200);
  });

  it('answers 409 for a ZIP while a target is unfinished or was never converted, and 400 for unknown ids', async () => {
    const browser = new Browser();
    const id = await sourceRequest(browser);
    await convert(browser, id, {
      sourceFormatId: 29,
      targetFormatIds: [TARGETS.linkedinBanner, TARGETS.facebookCover],
    });
    await settle(browser, id);
    await env.DB.prepare("UPDATE conversions SET status = 'processing' WHERE request_id = ? AND format_id = ?")
      .bind(id, TARGETS.facebookCover)
      .run();
    const busy = await browser.call(
      `/api/download-zip/${id}?formats=${TARGETS.linkedinBanner},${TARGETS.facebookCover}`,
    );
    expect(busy.status).toBe(409);
    expect((await browser.call(`/api/download-zip/${id}?formats=999`)).status).toBe(400);
    expect((await browser.call(`/api/download-zip/${id}?formats=abc`)).status).toBe(400);
    expect((await browser.call(`/api/download-zip/${id}?formats=${TARGETS.youtubeBanner}`)).status).toBe(409);
    expect((await browser.call(`/api/download-zip/${id}`)).status).toBe(400);
    expect((await new Browser().call(`/api/download-zip/${id}?formats=${TARGETS.linkedinBanner}`)).status).toBe(404);
  });

  it('refuses what the rules forbid with 400 and the spec’s messages', async () => {
    const browser = new Browser();
    const id = await sourceRequest(browser);
    const cases: [unknown, string, string?][] = [
      [{ sourceFormatId: 29, targetFormatIds: [] }, 'Please select at least one target format to continue'],
      [
        { sourceFormatId: 29, targetFormatIds: [TARGETS.linkedinBanner, 29] },
        "You can't select formats from the same platform as the source",
      ],
      [{ sourceFormatId: 29, targetFormatIds: [9999] }, 'Unknown target format id 9999'],
      [
        { sourceFormatId: 1, targetFormatIds: [TARGETS.linkedinBanner] },
        'Source format required: unknown source format id 1',
      ],
      [{ sourceFormatId: 'x', targetFormatIds: [TARGETS.linkedinBanner] }, 'sourceFormatId: Source format required'],
      [
        { sourceFormatId: 19, targetFormatIds: [19] },
        "You can't select formats from the same platform as the source",
        'profile-convert',
      ],
      [
        { sourceFormatId: 19, targetFormatIds: [TARGETS.youtubeBanner] },
        'Unknown target format id 36 for the profile flow',
        'profile-convert',
      ],
      [{ formats: [] }, 'Please select at least one target format to continue', 'batch-process'],
    ];
    for (const [json, message, flow] of cases) {
      const res = await convert(browser, id, json, flow);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await body(res)).toEqual({ message });
    }
    expect(
      (
        await new Browser().call(`/api/banner-convert/${id}`, {
          method: 'POST',
          json: { sourceFormatId: 29, targetFormatIds: [20] },
        })
      ).status,
    ).toBe(404);
  });

  it('converts a profile picture to three platforms', async () => {
    const browser = new Browser();
    const upload = await body<{ path: string; originalFilename: string; width: number; height: number }>(
      await browser.upload('me.png', fixture('rgb.png')),
    );
    const created = await browser.call('/api/image-requests', {
      method: 'POST',
      json: {
        originalFilename: upload.originalFilename,
        originalPath: upload.path,
        platform: 'linkedin',
        format: 'profile picture',
        width: 400,
        height: 400,
        cropDetails: { x: 40, y: 0, width: 160, height: 160, zoom: 1 },
      },
    });
    const { id } = await body<{ id: string }>(created);
    const res = await convert(browser, id, { sourceFormatId: 19, targetFormatIds: [1, 12, 35] }, 'profile-convert');
    expect(res.status).toBe(202);
    expect((await settle(browser, id)).results).toEqual({ '1': 'complete', '12': 'complete', '35': 'complete' });
    const png = new Uint8Array(await (await browser.call(`/api/download/${id}/35`)).arrayBuffer());
    expect(imageSize(png)).toEqual({ width: 800, height: 800 });
  });

  it('converts a fresh profile photo that names no current format, to every platform including the request’s', async () => {
    const browser = new Browser();
    const id = await bannerRequest(browser);
    // LinkedIn is where the request was made, yet a fresh photo may go there too.
    const res = await convert(browser, id, { sourceFormatId: null, targetFormatIds: [19, 12] }, 'profile-convert');
    expect(res.status).toBe(202);
    expect((await settle(browser, id)).results).toEqual({ '19': 'complete', '12': 'complete' });
  });

  it('converts a fresh banner that names no current format, to every platform including the request’s', async () => {
    const browser = new Browser();
    const id = await bannerRequest(browser, undefined, undefined, 'fan-out');
    // The adjuster's request was made for LinkedIn's banner, its first target; a fresh picture may
    // still go to LinkedIn and Facebook (a fan-out's request has no file of its own).
    const res = await convert(browser, id, { targetFormatIds: [TARGETS.linkedinBanner, 2] });
    expect(res.status).toBe(202);
    expect((await settle(browser, id)).results).toEqual({ [TARGETS.linkedinBanner]: 'complete', '2': 'complete' });
  });

  it('limits conversions per visitor with 429 and the minutes to wait, all or nothing', async () => {
    const browser = new Browser();
    const id = await sourceRequest(browser);
    // The visitor has converted 58 formats this hour already.
    const counter = env.DOWNLOAD_COUNTER.get(env.DOWNLOAD_COUNTER.idFromName(`conversions:${ipKey(browser.ip)}`));
    await counter.consumeMany(
      Array.from({ length: 58 }, (_, i) => `earlier:${i}`),
      60,
      3_600_000,
      Date.now(),
    );
    const over = await convert(browser, id, {
      sourceFormatId: 29,
      targetFormatIds: [TARGETS.linkedinBanner, TARGETS.facebookCover, TARGETS.youtubeBanner],
    });
    expect(over.status).toBe(429);
    const refused = await body<{ message: string; limit: Record<string, unknown> }>(over);
    expect(refused.message).toMatch(
      /^Too many conversions: up to 60 formats an hour \(2 left\)\. Please try again in (60|59) minutes\.$/,
    );
    const retryAfter = Number(over.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(3500);
    // The facts a page says beside its button: the limit, what is left, when it resets, what raises it.
    expect(refused.limit).toMatchObject({ kind: 'conversions', perHour: 60, remaining: 2, raisedBy: 'sign-in' });
    const resetIn = Date.parse(String(refused.limit.resetAt)) - Date.now();
    expect(Math.abs(resetIn - retryAfter * 1000)).toBeLessThan(5000);
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM conversions WHERE request_id = ?')
        .bind(id)
        .first<{ n: number }>(),
    ).toEqual({ n: 0 });
    const fits = await convert(browser, id, {
      sourceFormatId: 29,
      targetFormatIds: [TARGETS.linkedinBanner, TARGETS.facebookCover],
    });
    expect(fits.status).toBe(202);
    await settle(browser, id);
  });
});

/** A 1500×500 header: a dark gradient, a headline of white blocks on the left and a red round logo at the top right. */
function drawnHeader(): Uint8Array {
  const width = 1500;
  const height = 500;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const inLogo = (x - 1380) ** 2 + (y - 110) ** 2 <= 60 ** 2;
      // "Letters": 11 blocks of 40×70 with 10 px gaps, each with 2 stroke holes.
      const lx = x - 70;
      const letter =
        lx >= 0 &&
        lx < 550 &&
        y >= 200 &&
        y < 270 &&
        lx % 50 < 40 &&
        !(lx % 50 > 12 && lx % 50 < 28 && (y - 200) % 30 > 10);
      const [r, g, b] = inLogo
        ? [225, 29, 72]
        : letter
          ? [255, 255, 255]
          : [20 + (x * 60) / width, 40 + (y * 40) / height, 90];
      data.set([r, g, b, 255], i);
    }
  }
  return encodePng({ width, height, data }) as unknown as Uint8Array;
}

/** Pixels of the logo's red (within a small tolerance). */
function redPixels(raster: Raster): number {
  let count = 0;
  for (let i = 0; i < raster.data.length; i += 4) {
    if (
      Math.abs((raster.data[i] as number) - 225) < 20 &&
      (raster.data[i + 1] as number) < 60 &&
      Math.abs((raster.data[i + 2] as number) - 72) < 30
    )
      count += 1;
  }
  return count;
}

/** The drawn X header uploaded and recorded as a request for its own format. */
async function headerRequest(browser: Browser): Promise<string> {
  const upload = await body<{ path: string; originalFilename: string }>(
    await browser.upload('launch.png', await drawnHeader()),
  );
  const created = await browser.call('/api/image-requests', {
    method: 'POST',
    json: {
      originalFilename: upload.originalFilename,
      originalPath: upload.path,
      ...TWITTER_HEADER,
      cropDetails: { x: 0, y: 0, width: 1500, height: 500, zoom: 1 },
    },
  });
  return (await body<{ id: string }>(created)).id;
}

describe('content-aware conversions', () => {
  it('keeps the headline of a header whole in a YouTube banner, where the standard centred crop cuts it', async () => {
    // The header's "letters" (x 70-620, y 200-270) are what the text detector finds.
    const letters = { x: 70, y: 200, width: 550, height: 70 };
    const holds = (crop: { x: number; y: number; width: number; height: number }) =>
      crop.x <= letters.x &&
      crop.y <= letters.y &&
      crop.x + crop.width >= letters.x + letters.width &&
      crop.y + crop.height >= letters.y + letters.height;
    for (const useAi of [true, false]) {
      const browser = new Browser();
      const id = await headerRequest(browser);
      const started = await body<ConversionResponse>(
        await convert(browser, id, { sourceFormatId: 29, targetFormatIds: [TARGETS.youtubeBanner], useAi }),
      );
      expect(started.analysisPerformed).toBe(useAi);
      const done = await settle(browser, id);
      expect(done.results[TARGETS.youtubeBanner]).toBe('complete');
      const framing = done.framings[TARGETS.youtubeBanner]!;
      const output = await decodeFile(
        new Uint8Array(await (await browser.call(`/api/download/${id}/${TARGETS.youtubeBanner}`)).arrayBuffer()),
      );
      expect({ width: output.width, height: output.height }).toEqual({ width: 2560, height: 1440 });
      if (useAi) {
        expect(done.detection).toMatchObject({ source: 'models' });
        expect(done.detection!.text).toBeGreaterThanOrEqual(1);
        expect(framing).toMatchObject({ framing: 'planned', kept: { text: done.detection!.text } });
        expect(holds(framing.crop!)).toBe(true);
        // Where the canvas extends, the blurred backdrop fills it: nothing is left transparent.
        let transparent = 0;
        for (let i = 3; i < output.data.length; i += 4) if ((output.data[i] as number) < 255) transparent += 1;
        expect(transparent).toBe(0);
      } else {
        expect(framing.framing).toBe('centred');
        expect(holds(framing.crop!)).toBe(false);
      }
    }
  }, 30_000);

  it('fills the extended canvas with the colour the user chose instead of the blurred picture', async () => {
    const browser = new Browser();
    const id = await headerRequest(browser);
    const fill = { kind: 'color', color: '#ff00ff' };
    // The whole header kept: YouTube's safe strip cannot hold it without extending the canvas.
    const focus = { x: 0, y: 0, width: 1500, height: 500 };
    const res = await convert(browser, id, {
      sourceFormatId: 29,
      targetFormatIds: [TARGETS.youtubeBanner],
      fill,
      focus,
    });
    expect(res.status).toBe(202);
    expect((await settle(browser, id)).results[TARGETS.youtubeBanner]).toBe('complete');
    const output = await decodeFile(
      new Uint8Array(await (await browser.call(`/api/download/${id}/${TARGETS.youtubeBanner}`)).arrayBuffer()),
    );
    // The canvas extends above and below, in the chosen colour (to within the JPEG's rounding: Auto
    // makes a photo of it, the picture spanning the width), never on all four sides.
    const at = (x: number, y: number) => [
      ...output.data.subarray((y * output.width + x) * 4, (y * output.width + x) * 4 + 4),
    ];
    const magenta = (p: number[]) => Math.max(...p.map((v, c) => Math.abs(v - ([255, 0, 255, 255][c] as number)))) <= 3;
    expect(magenta(at(1280, 2))).toBe(true);
    expect(magenta(at(1280, 1437))).toBe(true);
    expect(magenta(at(1280, 720))).toBe(false);
    expect(magenta(at(2, 720))).toBe(false);
    expect(magenta(at(2557, 720))).toBe(false);
  });

  it('keeps the box the user chose whole in every target, whatever the analysis would pick, and refuses a box off the picture', async () => {
    const browser = new Browser();
    const id = await headerRequest(browser);
    // The logo: a disc of radius 60 at (1380, 110), which a centred crop of a square cuts off.
    const focus = { x: 1320, y: 50, width: 120, height: 120 };
    const targets = [TARGETS.youtubeBanner, 2, 20];
    const res = await convert(browser, id, { sourceFormatId: 29, targetFormatIds: targets, useAi: false, focus });
    expect(res.status).toBe(202);
    const done = await settle(browser, id);
    for (const target of targets) {
      expect(done.results[target]).toBe('complete');
      const output = await decodeFile(
        new Uint8Array(await (await browser.call(`/api/download/${id}/${target}`)).arrayBuffer()),
      );
      // The whole disc at the scale the shared crop plan gives (the app draws its previews from it).
      const plan = planRegionCrop({ width: 1500, height: 500 }, focus, findFormat(target)!);
      const scale = output.width / plan.crop.width;
      expect(redPixels(output), `target ${target}`).toBeGreaterThan(0.9 * Math.PI * 60 * 60 * scale * scale);
    }
    const off = await convert(browser, id, {
      sourceFormatId: 29,
      targetFormatIds: [2],
      focus: { x: 5000, y: 5000, width: 10, height: 10 },
    });
    expect(off.status).toBe(400);
    expect((await body(off)).message).toMatch(/must be on the picture/);
  });

  it('copies a target that renders to the same file as one already done (Facebook and TikTok profile pictures) instead of rendering it again', async () => {
    const logged = vi.spyOn(console, 'log');
    const browser = new Browser();
    const id = await bannerRequest(browser);
    // Facebook's and TikTok's profile pictures: both 720×720, shown as circles, JPEG or PNG, no cap.
    const res = await convert(browser, id, { sourceFormatId: null, targetFormatIds: [1, 41] }, 'profile-convert');
    expect(res.status).toBe(202);
    expect((await settle(browser, id)).results).toEqual({ '1': 'complete', '41': 'complete' });
    const bytes = async (formatId: number) =>
      new Uint8Array(await (await browser.call(`/api/download/${id}/${formatId}`)).arrayBuffer());
    expect(await bytes(41)).toEqual(await bytes(1));
    const copied = logged.mock.calls
      .map(([line]) => String(line))
      .filter((line) => line.includes('identical target copied'));
    expect(copied).toHaveLength(1);
    logged.mockRestore();
  });

  it('centres profile pictures on the face instead of the middle of the picture', async () => {
    // A 1200×600 photo-like picture with a skin-toned face (dark eyes, mouth) at the right.
    const width = 1200;
    const height = 600;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const face = ((x - 850) / 110) ** 2 + ((y - 300) / 140) ** 2 <= 1;
        const eye = (x - 810) ** 2 + (y - 270) ** 2 < 144 || (x - 890) ** 2 + (y - 270) ** 2 < 144;
        const mouth = Math.abs(y - 370) < 6 && Math.abs(x - 850) < 40;
        const [r, g, b] = eye || mouth ? [40, 25, 20] : face ? [224, 172, 140] : [70 + (y * 80) / height, 110, 150];
        data.set([r, g, b, 255], (y * width + x) * 4);
      }
    }
    const browser = new Browser();
    const upload = await body<{ path: string; originalFilename: string }>(
      await browser.upload('me.png', await encodePng({ width, height, data })),
    );
    const created = await browser.call('/api/image-requests', {
      method: 'POST',
      json: {
        originalFilename: upload.originalFilename,
        originalPath: upload.path,
        platform: 'facebook',
        format: 'profile picture',
        width: 720,
        height: 720,
        cropDetails: { x: 300, y: 0, width: 600, height: 600, zoom: 1 },
      },
    });
    const { id } = await body<{ id: string }>(created);
    expect((await convert(browser, id, { sourceFormatId: 1, targetFormatIds: [12] }, 'profile-convert')).status).toBe(
      202,
    );
    await settle(browser, id);
    const output = await decodeFile(new Uint8Array(await (await browser.call(`/api/download/${id}/12`)).arrayBuffer()));
    // The face's skin, measured in the output: its centre lies near the output's centre.
    let sx = 0;
    let n = 0;
    for (let i = 0; i < output.data.length; i += 4) {
      if (
        Math.abs((output.data[i] as number) - 224) < 12 &&
        Math.abs((output.data[i + 1] as number) - 172) < 12 &&
        Math.abs((output.data[i + 2] as number) - 140) < 12
      ) {
        sx += (i / 4) % output.width;
        n += 1;
      }
    }
    expect(n).toBeGreaterThan(0.1 * output.width * output.height);
    expect(Math.abs(sx / n - output.width / 2)).toBeLessThan(0.15 * output.width);
  });
});

describe('the conversion consumer', () => {
  it('ends a poisoned conversion as failed with its reason instead of retrying it', async () => {
    const browser = new Browser();
    const id = await sourceRequest(browser);
    const { uploadId } = (await env.DB.prepare('SELECT upload_id AS uploadId FROM image_requests WHERE id = ?')
      .bind(id)
      .first<{ uploadId: string }>())!;
    // The stored original is no longer a picture, and this isolate no longer holds the file its
    // upload kept for the renders that follow (kept-picture.ts).
    await env.BUCKET.put(`uploads/${uploadId}/original`, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    releaseKeptPicture({ decoding: false });
    const conversionId = await insertProcessing(id, 20);
    const batch = createMessageBatch('social-resizer-conversions', [
      { id: 'm0', timestamp: new Date(), attempts: 1, body: { conversionId } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(['m0']);
    expect(result.retryMessages).toEqual([]);
    const row = await env.DB.prepare('SELECT status, error FROM conversions WHERE id = ?')
      .bind(conversionId)
      .first<{ status: string; error: string }>();
    expect(row?.status).toBe('failed');
    expect(row?.error).toBeTruthy();
    expect((await body<ConversionResponse>(await browser.call(`/api/conversions/${id}`))).results).toEqual({
      '20': 'failed',
    });
  });

  it('renders each conversion of a batch once, from one read of the batch', async () => {
    const browser = new Browser();
    const id = await sourceRequest(browser);
    const ids = [await insertProcessing(id, TARGETS.linkedinBanner), await insertProcessing(id, TARGETS.youtubeBanner)];
    // The first conversion delivered twice (a redelivery landing in the same batch).
    const batch = createMessageBatch(
      'social-resizer-conversions',
      [ids[0], ids[0], ids[1]].map((conversionId, i) => ({
        id: `m${i}`,
        timestamp: new Date(),
        attempts: 1,
        body: { conversionId },
      })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(['m0', 'm1', 'm2']);
    expect(result.retryMessages).toEqual([]);
    const rows = await env.DB.prepare(
      'SELECT status, attempts, output_key AS outputKey FROM conversions WHERE id IN (?, ?) ORDER BY format_id',
    )
      .bind(...ids)
      .all<{ status: string; attempts: number; outputKey: string }>();
    expect(rows.results.map((r) => [r.status, r.attempts])).toEqual([
      ['complete', 1],
      ['complete', 1],
    ]);
    for (const row of rows.results) expect(await env.BUCKET.head(row.outputKey)).not.toBeNull();
  });

  it('acks each message once its render is stored, and retries only the one whose file could not be stored', async () => {
    const browser = new Browser();
    const id = await sourceRequest(browser);
    const ids = [await insertProcessing(id, TARGETS.linkedinBanner), await insertProcessing(id, TARGETS.youtubeBanner)];
    // R2 refuses the YouTube banner's file (stored while the next render is made, not before).
    const failing = new Proxy(env.BUCKET, {
      get(bucket, name) {
        if (name === 'put')
          return (key: string, ...rest: unknown[]) =>
            key.includes(`/${TARGETS.youtubeBanner}-`)
              ? Promise.reject(new Error('R2 unavailable'))
              : (bucket.put as (...args: unknown[]) => unknown)(key, ...rest);
        const value = Reflect.get(bucket, name, bucket) as unknown;
        return typeof value === 'function' ? value.bind(bucket) : value;
      },
    });
    const batch = createMessageBatch(
      'social-resizer-conversions',
      ids.map((conversionId, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body: { conversionId } })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...env, BUCKET: failing }, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(['m0']);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(['m1']);
    expect((await body<ConversionResponse>(await browser.call(`/api/conversions/${id}`))).results).toEqual({
      [TARGETS.linkedinBanner]: 'complete',
      [TARGETS.youtubeBanner]: 'processing',
    });
  });

  it('renders a row whose older message comes first in the same batch (asked again while the queue was behind)', async () => {
    const browser = new Browser();
    const id = await sourceRequest(browser);
    const renderId = crypto.randomUUID();
    const conversionId = await insertProcessing(id, TARGETS.linkedinBanner, renderId);
    const batch = createMessageBatch(
      'social-resizer-conversions',
      [crypto.randomUUID(), renderId].map((forRender, i) => ({
        id: `m${i}`,
        timestamp: new Date(),
        attempts: 1,
        body: { conversionId, renderId: forRender },
      })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks.sort()).toEqual(['m0', 'm1']);
    expect(await env.DB.prepare('SELECT status FROM conversions WHERE id = ?').bind(conversionId).first('status')).toBe(
      'complete',
    );
  });

  it("starts a batch from the last batch's picture of the same upload, without reading the file again", async () => {
    const browser = new Browser();
    const id = await sourceRequest(browser);
    const ids = [await insertProcessing(id, TARGETS.linkedinBanner), await insertProcessing(id, TARGETS.youtubeBanner)];
    const runBatch = async (conversionId: string) => {
      const batch = createMessageBatch('social-resizer-conversions', [
        { id: 'm0', timestamp: new Date(), attempts: 1, body: { conversionId } },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch, env, ctx);
      return getQueueResult(batch, ctx);
    };
    expect((await runBatch(ids[0]!)).explicitAcks).toEqual(['m0']);
    // The stored original is gone: only the picture the first batch kept can make the second target.
    const { uploadId } = (await env.DB.prepare('SELECT upload_id AS uploadId FROM image_requests WHERE id = ?')
      .bind(id)
      .first<{ uploadId: string }>())!;
    await env.BUCKET.delete(`uploads/${uploadId}/original`);
    expect((await runBatch(ids[1]!)).explicitAcks).toEqual(['m0']);
    expect((await body<ConversionResponse>(await browser.call(`/api/conversions/${id}`))).results).toEqual({
      [TARGETS.linkedinBanner]: 'complete',
      [TARGETS.youtubeBanner]: 'complete',
    });
  });

  it('does nothing for a redelivered message of a finished conversion', async () => {
    const browser = new Browser();
    const id = await sourceRequest(browser);
    await convert(browser, id, { sourceFormatId: 29, targetFormatIds: [TARGETS.linkedinBanner] });
    await settle(browser, id);
    const { conversionId, updatedAt } = (await env.DB.prepare(
      'SELECT id AS conversionId, updated_at AS updatedAt FROM conversions WHERE request_id = ?',
    )
      .bind(id)
      .first<{ conversionId: string; updatedAt: number }>())!;
    const batch = createMessageBatch('social-resizer-conversions', [
      { id: 'm0', timestamp: new Date(), attempts: 2, body: { conversionId } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(['m0']);
    expect(
      await env.DB.prepare('SELECT status, updated_at AS updatedAt FROM conversions WHERE id = ?')
        .bind(conversionId)
        .first(),
    ).toEqual({ status: 'complete', updatedAt });
  });
});
