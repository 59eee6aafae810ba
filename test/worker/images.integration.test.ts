import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { findFormatByName } from '../../shared/formats';
import type { ImageRequestResponse, UploadResponse } from '../../shared/schemas';
import { centredCrop, inspectImage, type Raster } from '@social-resizer/engine';
import { withProfile, withTag, xyzTag } from '../support/icc';
import { body, Browser, countStored, decodeFile, fixture } from './helpers';

const banner = findFormatByName('linkedin', 'banner');
const appIcon = findFormatByName('app store', 'app icon');
const profile = findFormatByName('instagram', 'profile picture');
if (!banner || !appIcon || !profile) throw new Error('catalogue is missing test formats');

async function decodeOutput(res: Response) {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const raster = await decodeFile(bytes);
  return { raster, bytes, colorType: inspectImage(bytes).colorType, type: raster.type };
}

/** The JPEG segments before the image data: a stripped file has only tables and frame. */
function jpegMarkers(jpeg: Uint8Array): number[] {
  const markers: number[] = [];
  for (let pos = 2; pos + 4 <= jpeg.length && jpeg[pos] === 0xff;) {
    const marker = jpeg[pos + 1] as number;
    markers.push(marker);
    if (marker === 0xda) break;
    pos += 2 + (((jpeg[pos + 2] as number) << 8) | (jpeg[pos + 3] as number));
  }
  return markers;
}

function pixel(r: Raster, x: number, y: number) {
  const i = (y * r.width + x) * 4;
  return [r.data[i] ?? 0, r.data[i + 1] ?? 0, r.data[i + 2] ?? 0, r.data[i + 3] ?? 0];
}

function chunkTypes(png: Uint8Array): string[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const types: string[] = [];
  for (let pos = 8; pos + 8 <= png.length; pos += 12 + view.getUint32(pos))
    types.push(String.fromCharCode(...png.subarray(pos + 4, pos + 8)));
  return types;
}

async function uploadOk(browser: Browser, name: string): Promise<UploadResponse> {
  const res = await browser.upload(name, fixture(name));
  expect(res.status, `${name}: ${await res.clone().text()}`).toBe(201);
  return body<UploadResponse>(res);
}

type Crop = { x: number; y: number; width: number; height: number; zoom: number };

async function requestFor(browser: Browser, upload: UploadResponse, format: Target, crop: Crop) {
  const res = await browser.call('/api/image-requests', {
    method: 'POST',
    json: {
      originalFilename: upload.originalFilename,
      originalPath: upload.path,
      platform: format.platform,
      format: format.format,
      width: format.width,
      height: format.height,
      cropDetails: crop,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return body<ImageRequestResponse>(res);
}

type Target = { platform: string; format: string; width: number; height: number };

/**
 * A new visitor (the free allowance is one download each) uploads `file` and gets `target` framed
 * by `crop`: the downloaded file decoded, at the target's exact size.
 */
async function renderAsNewVisitor(file: string, target: Target, crop: Crop | ((upload: UploadResponse) => Crop)) {
  const browser = new Browser();
  const upload = await uploadOk(browser, file);
  const request = await requestFor(browser, upload, target, typeof crop === 'function' ? crop(upload) : crop);
  expect((await browser.call(`/api/process-image/${request.id}`, { method: 'POST' })).status).toBe(200);
  const { raster } = await decodeOutput(await browser.call(`/api/download/${request.id}`));
  expect([raster.width, raster.height]).toEqual([target.width, target.height]);
  return { upload, raster };
}

describe('POST /api/upload', () => {
  it.each([
    ['baseline.jpg', 'image/jpeg', 240, 160],
    ['progressive.jpg', 'image/jpeg', 240, 160],
    ['grey.jpg', 'image/jpeg', 240, 160],
    ['orientation-6.jpg', 'image/jpeg', 240, 160],
    ['orientation-8.jpg', 'image/jpeg', 240, 160],
    ['rgba-16bit.png', 'image/png', 240, 160],
    ['palette.png', 'image/png', 240, 160],
    ['interlaced.png', 'image/png', 240, 160],
    ['grey-alpha.png', 'image/png', 240, 160],
    ['apng.png', 'image/png', 64, 64],
    ['lossless.webp', 'image/webp', 240, 160],
    ['alpha.webp', 'image/webp', 240, 160],
    ['display-p3.jpg', 'image/jpeg', 240, 160],
    ['wallpaper-3840x2400-progressive-444.jpg', 'image/jpeg', 3840, 2400],
    ['phone-4032x3024-orientation-6.jpg', 'image/jpeg', 3024, 4032],
  ])('stores %s and answers its upright size', async (name, type, width, height) => {
    const browser = new Browser();
    const upload = await uploadOk(browser, name);
    expect(upload).toMatchObject({ originalFilename: name, width, height, type, size: fixture(name).length });
    expect(upload.path).toMatch(/^\/uploads\/[0-9a-f-]{36}\.(jpg|png|webp)$/);
    const served = await browser.call(upload.path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(type);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toMatch(/max-age/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(fixture(name));
  });

  it.each([
    ['photo.gif', 415, 'Please upload a JPG, PNG or WEBP image'],
    ['script.svg', 415, 'Please upload a JPG, PNG or WEBP image'],
    ['page-named.png', 415, 'Please upload a JPG, PNG or WEBP image'],
    ['photo.tiff', 415, 'Please upload a JPG, PNG or WEBP image'],
    ['text.jpg', 415, 'Please upload a JPG, PNG or WEBP image'],
    ['animated.gif', 415, 'Please upload a JPG, PNG or WEBP image'],
    ['cmyk.jpg', 422, 'CMYK'],
    ['animated.webp', 422, 'Animated images are not supported'],
    ['truncated-header.jpg', 422, 'damaged or incomplete'],
    ['truncated-half.jpg', 422, 'damaged or incomplete'],
    ['truncated-end.jpg', 422, 'damaged or incomplete'],
    ['truncated.png', 422, 'damaged or incomplete'],
    ['truncated.webp', 422, 'damaged or incomplete'],
    ['empty.jpg', 422, 'empty'],
    ['bomb-20000.jpg', 413, '20000×20000'],
    ['bomb-100000.png', 413, '100000×100000'],
    // Past what the isolate's budget holds while they decode (docs/decisions/0019-isolate-memory-budget.md):
    // the message names the largest of the shape, which the app redraws them to.
    ['progressive-8064x6048.jpg', 413, 'the largest progressive JPEG of this shape we can process is 7573×5680'],
    ['large-6000x4000-interlaced.png', 413, 'the largest PNG of this shape we can process is 5449×3633'],
  ])('refuses %s with %i and stores nothing', async (name, status, message) => {
    const before = await countStored();
    const res = await new Browser().upload(name, fixture(name));
    expect(res.status).toBe(status);
    expect((await body(res)).message).toContain(message);
    expect(await countStored()).toEqual(before);
  });

  it('names both sizes when an image is too large to process', async () => {
    const res = await new Browser().upload('bomb-20000.jpg', fixture('bomb-20000.jpg'));
    expect((await body(res)).message).toMatch(
      /20000×20000 pixels \(400\.0 MP\); the largest .* is \d+×\d+ \(\d+\.\d MP\)/,
    );
  });

  it('answers 413 for a file over 50 MB', async () => {
    const big = new Uint8Array(50 * 1024 * 1024 + 1);
    big.set(fixture('baseline.jpg'));
    const res = await new Browser().upload('huge.jpg', big);
    expect(res.status).toBe(413);
    expect(await body(res)).toEqual({ message: 'Maximum file size is 50MB' });
  });

  it('answers 400 for a form without the image field, and for a body that is not a form', async () => {
    const form = new FormData();
    form.append('other', 'value');
    const missing = await new Browser().call('/api/upload', { method: 'POST', body: form });
    expect(missing.status).toBe(400);
    expect((await body(missing)).message).toMatch(/^image: /);
    const json = await new Browser().call('/api/upload', { method: 'POST', json: { image: 'x' } });
    expect(json.status).toBe(400);
    const weirdName = new FormData();
    weirdName.append('x'.repeat(10000), 'value');
    expect((await new Browser().call('/api/upload', { method: 'POST', body: weirdName })).status).toBe(400);
  });

  it('answers 404 for an unknown upload path', async () => {
    expect((await new Browser().call('/uploads/00000000-0000-4000-8000-000000000000.jpg')).status).toBe(404);
    expect((await new Browser().call('/uploads/../../etc/passwd')).status).toBe(404);
  });

  it('gives an upload back to its owner as its POST answered it (a step reopened), 404 to others, 410 once deleted', async () => {
    const owner = new Browser();
    const posted = await body<UploadResponse>(await owner.upload('holiday.png', fixture('rgb.png')));
    const again = await owner.call(`/api/upload/${posted.id}`);
    expect(again.status).toBe(200);
    expect(await body<UploadResponse>(again)).toEqual(posted);
    expect((await new Browser().call(`/api/upload/${posted.id}`)).status).toBe(404);
    expect((await owner.call('/api/upload/not-an-id')).status).toBe(404);
    await env.DB.prepare('UPDATE uploads SET expired_at = ? WHERE id = ?').bind(Date.now(), posted.id).run();
    const gone = await owner.call(`/api/upload/${posted.id}`);
    expect(gone.status).toBe(410);
    expect((await body(gone)).message).toMatch(/deleted/);
  });
});

describe('image requests, processing and downloads', () => {
  it('renders a LinkedIn banner of a photo at exactly 1584×396 as a JPEG (Auto), named and typed as one', async () => {
    const browser = new Browser();
    const upload = await uploadOk(browser, 'baseline.jpg');
    const request = await requestFor(browser, upload, banner, centredCrop(upload, banner, 1.25));
    expect(request).toMatchObject({
      status: 'pending',
      platform: 'linkedin',
      format: 'banner',
      paymentId: null,
      hasUnlimitedAccess: false,
    });

    const processed = await browser.call(`/api/process-image/${request.id}`, { method: 'POST' });
    expect(processed.status).toBe(200);
    const result = await body<ImageRequestResponse>(processed);
    expect(result).toMatchObject({
      status: 'complete',
      previewPath: `/api/preview/${request.id}/${banner.id}`,
      output: { type: 'auto', quality: 82 },
      file: { type: 'jpeg', quality: 82 },
      // What the editor needs to open the job again from its address.
      upload: { id: upload.id, path: upload.path, width: upload.width, height: upload.height },
    });

    const download = await browser.call(`/api/download/${request.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="baseline-linkedin-banner-1584x396.jpg"; filename*=UTF-8''baseline-linkedin-banner-1584x396.jpg`,
    );
    const { raster, bytes, type } = await decodeOutput(download);
    expect(type).toBe('jpeg');
    expect(bytes.length).toBe(result.file?.size);
    expect([raster.width, raster.height]).toEqual([1584, 396]);
    // Stripped: quantisation tables, baseline frame, Huffman tables, scan; no JFIF, EXIF or ICC.
    expect(jpegMarkers(bytes).filter((m) => ![0xdb, 0xc0, 0xc4, 0xda].includes(m))).toEqual([]);

    // The preview is in the file's kind: a JPEG, a sixth of a PNG's bytes for a photo.
    const preview = await browser.call(`/api/preview/${request.id}/${banner.id}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    const shown = await decodeOutput(preview);
    expect([shown.type, shown.raster.width]).toEqual(['jpeg', 480]);
  });

  it.each([2, 3, 4, 5, 6, 7, 8])('turns orientation %i upright before cropping', async (orientation) => {
    const browser = new Browser();
    const upload = await uploadOk(browser, `orientation-${orientation}.jpg`);
    expect([upload.width, upload.height]).toEqual([240, 160]);
    const square = { platform: 'instagram', format: 'profile picture', width: 320, height: 320 };
    // The whole upright picture, zoomed out so it all fits: red is top-left, blue bottom-right.
    const request = await requestFor(browser, upload, square, { x: 0, y: -40, width: 240, height: 240, zoom: 0.67 });
    await browser.call(`/api/process-image/${request.id}`, { method: 'POST' });
    const { raster } = await decodeOutput(await browser.call(`/api/download/${request.id}`));
    const topLeft = pixel(raster, 30, 80);
    const bottomRight = pixel(raster, 290, 240);
    expect(topLeft[0], `top-left ${topLeft}`).toBeGreaterThan(180);
    expect(bottomRight[2], `bottom-right ${bottomRight}`).toBeGreaterThan(180);
    expect(pixel(raster, 160, 10)[3]).toBe(0); // above the picture: transparent
  });

  it('processes a 12 MP phone photo stored sideways, upright and at the exact size', async () => {
    const browser = new Browser();
    const upload = await uploadOk(browser, 'phone-4032x3024-orientation-6.jpg');
    // Stored red top-left and blue bottom-right; upright (turned 90° clockwise) red is top-right.
    const request = await requestFor(browser, upload, profile, { x: 0, y: 504, width: 3024, height: 3024, zoom: 1 });
    expect((await browser.call(`/api/process-image/${request.id}`, { method: 'POST' })).status).toBe(200);
    const { raster } = await decodeOutput(await browser.call(`/api/download/${request.id}`));
    expect([raster.width, raster.height]).toEqual([profile.width, profile.height]);
    expect(pixel(raster, profile.width - 20, 30)[0]).toBeGreaterThan(180);
    expect(pixel(raster, 20, profile.height - 20)[2]).toBeGreaterThan(180);
  });

  it('takes a 48 MP phone photo straight to the API and renders it upright at the exact size', async () => {
    // The whole upright picture as an Instagram story (a part decoded at 1/2) and a corner as the
    // profile picture (a part at full scale): red is top-right upright, blue bottom-left.
    const story = { platform: 'instagram', format: 'story', width: 1080, height: 1920 };
    const file = 'phone-8064x6048-orientation-6.jpg';
    const whole = await renderAsNewVisitor(file, story, (upload) => centredCrop(upload, story, 1));
    expect([whole.upload.width, whole.upload.height]).toEqual([6048, 8064]);
    expect(pixel(whole.raster, 1040, 200)[0]).toBeGreaterThan(180);
    expect(pixel(whole.raster, 40, 1720)[2]).toBeGreaterThan(180);
    const corner = await renderAsNewVisitor(file, profile, { x: 5048, y: 0, width: 1000, height: 1000, zoom: 1 });
    expect(pixel(corner.raster, profile.width / 2, profile.height / 2)[0]).toBeGreaterThan(180);
  });

  // Each decoded only in the part and at the scale the render needs: the banner from the whole
  // width reduced (a progressive JPEG's blocks keep only the coefficients that scale reads), and
  // the blue bottom-right corner at full scale as a profile picture.
  it.each([
    ['a 42 MP progressive JPEG', 'progressive-7500x5625.jpg', 7500, 5625, 1000],
    ['a 24 MP WebP', 'large-6000x4000.webp', 6000, 4000, 400],
    ['a 24 MP PNG', 'large-6000x4000.png', 6000, 4000, null],
    ['a 48 MP opaque PNG (decoded as RGB)', 'large-8064x6048.png', 8064, 6048, 1000],
    ['a 19 MP interlaced PNG', 'large-5400x3600-interlaced.png', 5400, 3600, null],
  ] as const)(
    'takes %s and renders a banner of its whole width, and a corner where one is named',
    async (_name, file, width, height, corner) => {
      const whole = await renderAsNewVisitor(file, banner, { x: 0, y: 0, width, height: width / 4, zoom: 1 });
      expect([whole.upload.width, whole.upload.height]).toEqual([width, height]);
      expect(pixel(whole.raster, 20, 20)[0]).toBeGreaterThan(180); // the red top-left third
      expect(pixel(whole.raster, banner.width - 20, 20)[2]).toBeLessThan(180); // not the blue bottom-right
      if (corner === null) return;
      const crop = { x: width - corner, y: height - corner, width: corner, height: corner, zoom: 1 };
      const blue = await renderAsNewVisitor(file, profile, crop);
      expect(pixel(blue.raster, profile.width / 2, profile.height / 2)[2]).toBeGreaterThan(180);
    },
  );

  it('processes a 3840×2400 progressive 4:4:4 wallpaper into a banner', async () => {
    const browser = new Browser();
    const upload = await uploadOk(browser, 'wallpaper-3840x2400-progressive-444.jpg');
    const request = await requestFor(browser, upload, banner, centredCrop(upload, banner, 1));
    expect((await browser.call(`/api/process-image/${request.id}`, { method: 'POST' })).status).toBe(200);
    const { raster } = await decodeOutput(await browser.call(`/api/download/${request.id}`));
    expect([raster.width, raster.height]).toEqual([banner.width, banner.height]);
    expect(pixel(raster, 10, 10)[0]).toBeGreaterThan(180); // the red top-left block
  });

  it('gives transparent borders at zoom 0.5 and an opaque app icon with no alpha channel', async () => {
    const browser = new Browser();
    const upload = await uploadOk(browser, 'rgb.png');
    const zoomedOut = await requestFor(browser, upload, profile, centredCrop(upload, profile, 0.5));
    await browser.call(`/api/process-image/${zoomedOut.id}`, { method: 'POST' });
    const out = await decodeOutput(await browser.call(`/api/download/${zoomedOut.id}`));
    expect(pixel(out.raster, 2, 2)[3]).toBe(0);
    expect(pixel(out.raster, 160, 160)[3]).toBe(255);
    // A PNG's preview is a PNG, its transparency shown.
    const preview = await decodeOutput(await browser.call(`/api/preview/${zoomedOut.id}/${profile.id}`));
    expect([preview.type, pixel(preview.raster, 1, 1)[3]]).toEqual(['png', 0]);

    // The app icon as another format of the same request (the same centre and zoom 0.5).
    await browser.call(`/api/process-image/${zoomedOut.id}`, { method: 'POST', json: { formats: [appIcon.id] } });
    const iconOut = await decodeOutput(await browser.call(`/api/download/${zoomedOut.id}/${appIcon.id}`));
    expect([iconOut.raster.width, iconOut.raster.height]).toEqual([1024, 1024]);
    expect(iconOut.colorType).toBe(2); // RGB: no alpha channel at all
    expect(pixel(iconOut.raster, 2, 2)).toEqual([255, 255, 255, 255]);
  });

  it('strips EXIF and GPS from outputs', async () => {
    const browser = new Browser();
    const upload = await uploadOk(browser, 'gps-exif.jpg');
    const request = await requestFor(browser, upload, banner, centredCrop(upload, banner, 1));
    await browser.call(`/api/process-image/${request.id}`, { method: 'POST' });
    const { bytes, type } = await decodeOutput(await browser.call(`/api/download/${request.id}`));
    if (type === 'png') expect(chunkTypes(bytes)).not.toContain('eXIf');
    else expect(jpegMarkers(bytes)).not.toContain(0xe1);
    expect(new TextDecoder('latin1').decode(bytes)).not.toMatch(/TestCam|Exif/);
  });

  it('renders a JPEG whose colour profile is damaged as if it had none (sRGB), not black', async () => {
    // The phone photo's Display P3 profile with its colorants zeroed: applied, it made every pixel black.
    const photo = fixture('display-p3.jpg');
    const p3 = inspectImage(photo).icc?.bytes ?? new Uint8Array();
    const zeroed = ['rXYZ', 'gXYZ', 'bXYZ'].reduce((icc, sig) => withTag(icc, sig, xyzTag([0, 0, 0])), p3);
    const render = async (bytes: Uint8Array) => {
      const browser = new Browser();
      const res = await browser.upload('damaged-profile.jpg', bytes);
      expect(res.status, await res.clone().text()).toBe(201);
      const upload = await body<UploadResponse>(res);
      const request = await requestFor(browser, upload, profile, { x: 40, y: 0, width: 160, height: 160, zoom: 1 });
      expect((await browser.call(`/api/process-image/${request.id}`, { method: 'POST' })).status).toBe(200);
      return decodeOutput(await browser.call(`/api/download/${request.id}`));
    };
    const damaged = await render(withProfile(photo, zeroed));
    const untagged = await render(withProfile(photo, null));
    expect(damaged.bytes).toEqual(untagged.bytes);
    const { data } = damaged.raster;
    let sum = 0;
    for (const v of data) sum += v;
    expect(sum / data.length).toBeGreaterThan(80);
  });

  it('processes again without harm, and renders other formats from the same upload', async () => {
    const browser = new Browser();
    const upload = await uploadOk(browser, 'lossy.webp');
    const request = await requestFor(browser, upload, banner, centredCrop(upload, banner, 1.25));
    await browser.call(`/api/process-image/${request.id}`, { method: 'POST' });
    const first = new Uint8Array(await (await browser.call(`/api/download/${request.id}`)).arrayBuffer());
    const again = await browser.call(`/api/process-image/${request.id}`, {
      method: 'POST',
      json: { formats: [profile.id, appIcon.id] },
    });
    expect(again.status).toBe(200);
    const result = await body<ImageRequestResponse>(again);
    expect(result.status).toBe('complete');
    expect(result.outputs.map((o) => [o.formatId, o.status]).sort()).toEqual(
      [
        [profile.id, 'complete'],
        [appIcon.id, 'complete'],
      ].sort(),
    );
    expect(new Uint8Array(await (await browser.call(`/api/download/${request.id}`)).arrayBuffer())).toEqual(first);
    const other = await browser.call(`/api/download/${request.id}/${profile.id}`);
    expect(other.headers.get('content-disposition')).toBe(
      `attachment; filename="lossy-instagram-profile-picture-320x320.jpg"; filename*=UTF-8''lossy-instagram-profile-picture-320x320.jpg`,
    );
    expect((await decodeOutput(other)).raster.width).toBe(320);
    expect((await browser.call(`/api/preview/${request.id}/${appIcon.id}`)).status).toBe(200);
  });

  it('refuses wrong sizes, unknown formats and foreign uploads with clear 4xx', async () => {
    const browser = new Browser();
    const upload = await uploadOk(browser, 'baseline.jpg');
    const base = {
      originalFilename: 'baseline.jpg',
      originalPath: upload.path,
      platform: 'linkedin',
      format: 'banner',
      width: 1584,
      height: 396,
      cropDetails: { x: 0, y: 0, width: 240, height: 60, zoom: 1 },
    };
    const wrongSize = await browser.call('/api/image-requests', { method: 'POST', json: { ...base, width: 1500 } });
    expect(wrongSize.status).toBe(422);
    expect((await body(wrongSize)).message).toContain('1584×396');
    const unknown = await browser.call('/api/image-requests', { method: 'POST', json: { ...base, format: 'poster' } });
    expect(unknown.status).toBe(400);
    expect((await body(unknown)).message).toMatch(/^format: /);
    const badZoom = await browser.call('/api/image-requests', {
      method: 'POST',
      json: { ...base, cropDetails: { ...base.cropDetails, zoom: 7 } },
    });
    expect(badZoom.status).toBe(400);
    expect((await body(badZoom)).message).toBe('cropDetails.zoom: zoom must be at most 3');
    const stranger = new Browser();
    const foreign = await stranger.call('/api/image-requests', { method: 'POST', json: base });
    expect(foreign.status).toBe(404);

    const request = await requestFor(browser, upload, banner, centredCrop(upload, banner, 1));
    expect((await stranger.call(`/api/image-requests/${request.id}`)).status).toBe(404);
    expect((await stranger.call(`/api/process-image/${request.id}`, { method: 'POST' })).status).toBe(404);
    expect((await stranger.call(`/api/download/${request.id}`)).status).toBe(404);
    expect((await browser.call('/api/image-requests/not-a-uuid')).status).toBe(404);
    const early = await browser.call(`/api/download/${request.id}`);
    expect(early.status).toBe(409);
    expect((await body(early)).message).toBe('This format has not been processed yet');
    const badFormats = await browser.call(`/api/process-image/${request.id}`, {
      method: 'POST',
      json: { formats: [99999] },
    });
    expect(badFormats.status).toBe(400);
    expect((await body(badFormats)).message).toBe('formats: Unknown format id 99999');
    const fresh = await body<ImageRequestResponse>(await browser.call(`/api/image-requests/${request.id}`));
    expect(fresh.status).toBe('pending');
  });

  it('still renders correctly after 150 broken files in a row', async () => {
    const browser = new Browser();
    const broken = [
      'truncated-half.jpg',
      'truncated-header.jpg',
      'cmyk.jpg',
      'text.jpg',
      'truncated.png',
      'truncated.webp',
      'bomb-20000.jpg',
      'empty.jpg',
    ];
    for (let i = 0; i < 150; i++) {
      const name = broken[i % broken.length] ?? 'text.jpg';
      // From many addresses: one address may try 60 uploads an hour.
      expect((await new Browser().upload(name, fixture(name))).status).toBeGreaterThanOrEqual(400);
    }
    const upload = await uploadOk(browser, 'progressive.jpg');
    const request = await requestFor(browser, upload, banner, centredCrop(upload, banner, 1));
    await browser.call(`/api/process-image/${request.id}`, { method: 'POST' });
    const { raster } = await decodeOutput(await browser.call(`/api/download/${request.id}`));
    expect([raster.width, raster.height]).toEqual([1584, 396]);
    expect(pixel(raster, 5, 5)[0]).toBeGreaterThan(180); // the red corner, decoded properly
  }, 60_000);
});
