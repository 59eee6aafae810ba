/**
 * Intelligent resizing through the API, in workerd with the bundled models (docs/product.md,
 * "Intelligent resizing"): what the adjusters show before converting, what each target says it
 * kept, and a target framed by hand.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { firstFraming } from '../../shared/auto-framing';
import { fitCrop, type CropRect } from '@social-resizer/engine/plan/crop';
import { findFormat, findFormatByName, PLATFORM_FORMATS } from '../../shared/formats';
import type { ConversionResponse, DetectionResponse, UploadResponse } from '../../shared/schemas';
import portraitUrl from '../fixtures/people/grace_hopper.jpg?inline';
import pairUrl from '../fixtures/people/obama-biden-pair.jpg?inline';
import { body, Browser, fixture, requestBanner, settle } from './helpers';

/** A real photograph of one person (test/fixtures/people/README.md). */
const PORTRAIT = Uint8Array.from(atob(portraitUrl.slice(portraitUrl.indexOf(',') + 1)), (ch) => ch.charCodeAt(0));
/** A real photograph of two people side by side (test/fixtures/people/README.md). */
const PAIR = Uint8Array.from(atob(pairUrl.slice(pairUrl.indexOf(',') + 1)), (ch) => ch.charCodeAt(0));
const FACEBOOK_PROFILE = 1;
const INSTAGRAM_PROFILE = 12;
const LINKEDIN_PROFILE = 19;
const PROFILE_TARGETS = [FACEBOOK_PROFILE, INSTAGRAM_PROFILE];

/** Uploads the portrait and makes its request for the source format (a square of the whole width). */
async function portraitRequest(
  browser: Browser,
  formatId = LINKEDIN_PROFILE,
): Promise<{ id: string; uploadId: string; width: number; height: number }> {
  const upload = await browser.upload('me.jpg', PORTRAIT);
  expect(upload.status).toBe(201);
  const {
    id: uploadId,
    path,
    originalFilename,
    width,
    height,
  } = await body<{
    id: string;
    path: string;
    originalFilename: string;
    width: number;
    height: number;
  }>(upload);
  const format = findFormat(formatId)!;
  const side = Math.min(width, height);
  const created = await browser.call('/api/image-requests', {
    method: 'POST',
    json: {
      originalFilename,
      originalPath: path,
      platform: format.platform,
      format: format.format,
      width: format.width,
      height: format.height,
      cropDetails: { x: (width - side) / 2, y: (height - side) / 2, width: side, height: side, zoom: 1 },
    },
  });
  expect(created.status).toBe(201);
  return { id: (await body<{ id: string }>(created)).id, uploadId, width, height };
}

async function remaining(browser: Browser): Promise<string | null> {
  return (await browser.call('/api/check-rate-limits')).headers.get('X-RateLimit-Remaining');
}

describe('detection before converting', () => {
  it('finds the face in a portrait with the bundled models, keeps it, and answers only the owner', async () => {
    const browser = new Browser();
    const { uploadId, width, height } = await portraitRequest(browser);
    const res = await browser.call(`/api/upload/${uploadId}/detection`);
    expect(res.status).toBe(200);
    const answer = await body<DetectionResponse>(res);
    expect(answer.detection.source).toBe('models');
    expect(answer.detection).toMatchObject({ width, height });
    expect(answer.detection.faces.length).toBe(1);
    const face = answer.detection.faces[0]!;
    expect(face.landmarks).toHaveLength(5);
    // The kept face box holds the detected face (grown for the head) and lies on the picture.
    const kept = answer.keep.filter((k) => k.kind === 'face');
    expect(kept).toHaveLength(1);
    expect(kept[0]!.x).toBeLessThanOrEqual(face.x);
    expect(kept[0]!.y).toBeLessThanOrEqual(face.y);
    expect(kept[0]!.x + kept[0]!.width).toBeGreaterThanOrEqual(face.x + face.width);
    // Asked again: the stored detection, the same boxes.
    const again = await body<DetectionResponse>(await browser.call(`/api/upload/${uploadId}/detection`));
    expect(again.detection.faces).toEqual(answer.detection.faces);
    expect((await new Browser().call(`/api/upload/${uploadId}/detection`)).status).toBe(404);
  });

  it('tries the models again when they failed before, instead of keeping the fallback for good', async () => {
    const browser = new Browser();
    const { uploadId, width, height } = await portraitRequest(browser);
    const fallback = { width, height, faces: [], text: [], marks: [], source: 'saliency', failure: 'out of memory' };
    await env.DB.prepare('UPDATE uploads SET detection = ? WHERE id = ?')
      .bind(JSON.stringify(fallback), uploadId)
      .run();
    const answer = await body<DetectionResponse>(await browser.call(`/api/upload/${uploadId}/detection`));
    expect(answer.detection.source).toBe('models');
    expect(answer.detection.faces).toHaveLength(1);
  });
});

describe('profile pictures framed on the face', () => {
  it('centres each circle on the detected face and says what it kept', async () => {
    const browser = new Browser();
    const { id, uploadId } = await portraitRequest(browser);
    const started = await browser.call(`/api/profile-convert/${id}`, {
      method: 'POST',
      json: { sourceFormatId: LINKEDIN_PROFILE, targetFormatIds: PROFILE_TARGETS },
    });
    expect(started.status).toBe(202);
    const done = await settle(browser, id);
    expect(done.detection).toMatchObject({ source: 'models', faces: 1 });
    const { detection } = await body<DetectionResponse>(await browser.call(`/api/upload/${uploadId}/detection`));
    const face = detection.faces[0]!;
    for (const target of PROFILE_TARGETS) {
      const framing = done.framings[target]!;
      expect(framing).toMatchObject({ framing: 'planned', extended: false, kept: { faces: 1, text: 0 } });
      const crop = framing.crop!;
      const radius = crop.width / 2;
      const error = Math.hypot(
        face.x + face.width / 2 - (crop.x + radius),
        face.y + face.height / 2 - (crop.y + crop.height / 2),
      );
      expect(error / radius).toBeLessThan(0.2);
      // The face fills roughly half the circle: neither lost in it nor cut by it.
      expect(face.width / crop.width).toBeGreaterThan(0.3);
      expect(face.width / crop.width).toBeLessThan(0.7);
    }
  });
});

describe('a target framed by hand', () => {
  it('renders the user crop for that target only, and downloads it by the request rule', async () => {
    const browser = new Browser();
    const { id, width, height } = await portraitRequest(browser);
    await browser.call(`/api/profile-convert/${id}`, {
      method: 'POST',
      json: { sourceFormatId: LINKEDIN_PROFILE, targetFormatIds: PROFILE_TARGETS },
    });
    const before = await settle(browser, id);
    const other = PROFILE_TARGETS[1]!;

    const reframe = (json: unknown) => browser.call(`/api/conversions/${id}/reframe`, { method: 'POST', json });
    const side = Math.min(width, height) / 2;
    const crop = { x: 0, y: 0, width: side, height: side };
    // Not a target of this request, a crop off the picture, a crop zoomed out past the limit.
    expect((await reframe({ formatId: 36, crop })).status).toBe(400);
    expect((await reframe({ formatId: FACEBOOK_PROFILE, crop: { ...crop, x: -width * 2 } })).status).toBe(400);
    const huge = { x: -width * 4, y: -height * 4, width: width * 9, height: width * 9 };
    expect((await reframe({ formatId: FACEBOOK_PROFILE, crop: huge })).status).toBe(400);
    // Another shape than the format's is refused, not quietly reshaped.
    const strip = await reframe({ formatId: FACEBOOK_PROFILE, crop: { x: 0, y: 0, width, height: 10 } });
    expect(strip.status).toBe(400);
    expect((await body(strip)).message).toMatch(/shape/);

    const res = await reframe({ formatId: FACEBOOK_PROFILE, crop });
    expect(res.status).toBe(202);
    expect((await body<ConversionResponse>(res)).results[FACEBOOK_PROFILE]).toBe('processing');
    // While it renders, framing it again waits.
    expect((await reframe({ formatId: FACEBOOK_PROFILE, crop })).status).toBe(409);
    const after = await settle(browser, id);
    expect(after.framings[FACEBOOK_PROFILE]).toMatchObject({ framing: 'hand', extended: false });
    const rendered = after.framings[FACEBOOK_PROFILE]!.crop!;
    expect(rendered.x).toBeCloseTo(0, 3);
    expect(rendered.width).toBeCloseTo(side, 3);
    // The other target is untouched.
    expect(after.framings[other]).toEqual(before.framings[other]);

    // The planned target is the adjuster's and free; the hand-framed one is the user's own crop.
    const free = await remaining(browser);
    expect((await browser.call(`/api/download/${id}/${other}`)).status).toBe(200);
    expect(await remaining(browser)).toBe(free);
    expect((await browser.call(`/api/download/${id}/${FACEBOOK_PROFILE}`)).status).toBe(200);
    expect(Number(await remaining(browser))).toBe(Number(free) - 1);
  });

  it('takes back the crop the server made however far it extends the canvas, and no further', async () => {
    // A banner of a portrait keeps the face by extending the canvas past what a hand crop may
    // (ZOOM_MIN): the framing dialog opens on that crop and its Save must be taken as it is.
    const browser = new Browser();
    const header = findFormatByName('twitter', 'header')!;
    const banner = findFormatByName('linkedin', 'banner')!;
    const { id, width } = await portraitRequest(browser, header.id);
    const started = await browser.call(`/api/banner-convert/${id}`, {
      method: 'POST',
      json: { sourceFormatId: header.id, targetFormatIds: [banner.id], useAi: true },
    });
    expect(started.status).toBe(202);
    const planned = (await settle(browser, id)).framings[banner.id]!;
    expect(planned.extended).toBe(true);
    const crop = planned.crop!;
    expect(width / crop.width).toBeLessThan(0.5); // wider than a hand crop may otherwise be
    const reframe = (json: unknown) => browser.call(`/api/conversions/${id}/reframe`, { method: 'POST', json });
    const wider = { ...crop, x: crop.x - crop.width * 0.25, y: crop.y - crop.height * 0.25 };
    const further = await reframe({
      formatId: banner.id,
      crop: { ...wider, width: crop.width * 1.5, height: crop.height * 1.5 },
    });
    expect(further.status).toBe(400);
    const rounded = {
      x: Math.round(crop.x),
      y: Math.round(crop.y),
      width: Math.round(crop.width),
      height: Math.round(crop.height),
    };
    expect((await reframe({ formatId: banner.id, crop: rounded })).status).toBe(202);
    const after = (await settle(browser, id)).framings[banner.id]!;
    expect(after).toMatchObject({ framing: 'hand' });
    expect(Math.abs(after.crop!.width - crop.width)).toBeLessThan(2); // the cropper's whole pixels
  });
});

describe('the Single Image tool’s other formats', () => {
  const inside = (box: CropRect, crop: CropRect) =>
    box.x >= crop.x - 0.5 &&
    box.y >= crop.y - 0.5 &&
    box.x + box.width <= crop.x + crop.width + 0.5 &&
    box.y + box.height <= crop.y + crop.height + 0.5;

  it('frames each from what the request’s crop shows: both faces of a pair whole in a story, and only the face the user zoomed in on', async () => {
    const browser = new Browser();
    const upload = await browser.upload('pair.jpg', PAIR);
    const {
      id: uploadId,
      path,
      originalFilename,
      width,
      height,
    } = await body<{
      id: string;
      path: string;
      originalFilename: string;
      width: number;
      height: number;
    }>(upload);
    const { detection } = await body<DetectionResponse>(await browser.call(`/api/upload/${uploadId}/detection`));
    expect(detection.faces).toHaveLength(2);
    const picture = { width, height };
    const own = PLATFORM_FORMATS.find((f) => f.key === 'linkedin_post_landscape')!;
    const story = PLATFORM_FORMATS.find((f) => f.key === 'instagram_story')!;
    const request = async (cropDetails: CropRect & { zoom: number }) => {
      const created = await browser.call('/api/image-requests', {
        method: 'POST',
        json: {
          originalFilename,
          originalPath: path,
          platform: own.platform,
          format: own.format,
          width: own.width,
          height: own.height,
          formatId: own.id,
          cropDetails,
        },
      });
      expect(created.status).toBe(201);
      const { id } = await body<{ id: string }>(created);
      expect(
        (await browser.call(`/api/process-image/${id}`, { method: 'POST', json: { formats: [story.id] } })).status,
      ).toBe(200);
      const done = await settle(browser, id);
      expect(done.results[story.id]).toBe('complete');
      return done.framings[story.id]!.crop!;
    };

    // The framing the page opens on, left as it is: the story holds both faces whole.
    const opened = firstFraming(picture, detection, own);
    expect(detection.faces.every((face) => inside(face, opened))).toBe(true);
    const both = await request(opened);
    expect(detection.faces.every((face) => inside(face, both))).toBe(true);
    // Its centre and zoom alone, as other formats were framed before, cut them.
    expect(detection.faces.every((face) => inside(face, fitCrop(opened, picture, story)))).toBe(false);

    // The user zoomed in on the left face: the story keeps that face, not the other.
    const [left, right] = [...detection.faces].sort((a, b) => a.x - b.x);
    const side = left!.height * 2;
    const zoomed = {
      x: Math.max(0, left!.x + left!.width / 2 - (side * own.width) / own.height / 2),
      y: Math.max(0, left!.y - left!.height / 2),
      width: (side * own.width) / own.height,
      height: side,
      zoom: height / side,
    };
    const one = await request(zoomed);
    expect(inside(left!, one)).toBe(true);
    expect(inside(right!, one)).toBe(false);
  });
});

describe('a JPEG’s access points, kept with its detection', () => {
  /** Makes the upload's banner request for `crop` and renders it: the file stored for it. */
  async function bannerFile(browser: Browser, upload: UploadResponse, crop: CropRect) {
    const { id } = await requestBanner(browser, upload, { ...crop, zoom: 1 });
    expect((await browser.call(`/api/process-image/${id}`, { method: 'POST' })).status).toBe(200);
    const row = (await env.DB.prepare(
      'SELECT c.output_key AS key, c.output_size AS size FROM conversions c JOIN image_requests r ON r.id = c.request_id WHERE c.request_id = ? AND c.format_id = r.format_id',
    )
      .bind(id)
      .first<{ key: string; size: number }>())!;
    return new Uint8Array(await (await env.BUCKET.get(row.key))!.arrayBuffer()).slice(0, row.size);
  }

  it('renders a region from them as it would from the top of the file, in the isolate that made them and from D1', async () => {
    // A phone photo stored sideways (4032 × 3024, EXIF orientation 6): an upright crop at the
    // picture's left is a band of rows at the bottom of the file, decoded at full scale for a
    // banner, where the detection's decode was reduced.
    const PHONE = fixture('phone-4032x3024-orientation-6.jpg');
    const detected = new Browser();
    const plain = new Browser();
    const uploadOf = async (browser: Browser) => body<UploadResponse>(await browser.upload('phone.jpg', PHONE));
    const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
    const crop = (y: number) => ({ x: 4, y, width: 1600, height: 400 });

    const mine = await uploadOf(detected);
    expect((await detected.call(`/api/upload/${mine.id}/detection`)).status).toBe(200);
    // Rendered next, in the isolate that detected it: from what it kept, points made in memory.
    const kept = await bannerFile(detected, mine, crop(1800));
    // The same file uploaded again, never detected, has none: its region is decoded from the top
    // (a fresh upload for each, as a decode from the top leaves its points to the next).
    const fromTop = async (y: number) => {
      const theirs = await uploadOf(plain);
      const file = await bannerFile(plain, theirs, crop(y));
      return { file, theirs };
    };
    const first = await fromTop(1800);
    expect(same(kept, first.file)).toBe(true);
    const stored = await env.DB.prepare(
      'SELECT access_points AS points FROM uploads WHERE id IN (?, ?) ORDER BY id = ?',
    )
      .bind(mine.id, first.theirs.id, mine.id)
      .all<{ points: string | null }>();
    expect(stored.results.map((r) => r.points === null)).toEqual([true, false]);
    const points = Uint8Array.from(atob(stored.results[1]!.points!), (c) => c.charCodeAt(0));
    expect(points.length).toBe(16 + 189 * 32); // every band of 16 rows

    // Another picture's decode let it go: read again from R2, its points from D1.
    const lower = await fromTop(2100);
    expect(same(await bannerFile(detected, mine, crop(2100)), lower.file)).toBe(true);
    // They are read: the luma DC predictor of every stored point changed, the render changes.
    const changed = points.slice();
    const view = new DataView(changed.buffer);
    for (let at = 16; at < changed.length; at += 32) view.setInt32(at + 16, view.getInt32(at + 16, true) + 40, true);
    await env.DB.prepare('UPDATE uploads SET access_points = ? WHERE id = ?')
      .bind(btoa(String.fromCharCode(...changed)), mine.id)
      .run();
    const again = await fromTop(1900); // lets the kept picture go again
    expect(same(await bannerFile(detected, mine, crop(1900)), again.file)).toBe(false);
    // Text that is not base64 is no points: the render reads from the top.
    await env.DB.prepare("UPDATE uploads SET access_points = '%not base64%' WHERE id = ?").bind(mine.id).run();
    const last = await fromTop(2000);
    expect(same(await bannerFile(detected, mine, crop(2000)), last.file)).toBe(true);
  });
});
