import { closeSync, mkdtempSync, openSync, readFileSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPhoto } from '../../bench/photos';
import { formatSize } from '@social-resizer/engine/plan/output';
import {
  baseUrl,
  chooseFormat,
  CORPUS,
  cspViolations,
  launchBrowser,
  uploadAndAdjust,
  uploaded,
  visitor,
} from './browser';

let browser: Browser;

/** Fully on screen and not under the sticky header. */
async function inView(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const header = await page.locator('header').first().boundingBox();
  const viewport = page.viewportSize();
  if (!box || !header || !viewport) return false;
  return box.y >= header.y + header.height - 1 && box.y + box.height <= viewport.height;
}
let photoPath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // A real photo nobody here made (scikit-image's astronaut, from Debian); if apt cannot fetch it,
  // the phone-sized fixture stands in so the flow is still exercised.
  const photo = fetchPhoto('astronaut.png');
  if (!photo) console.warn('astronaut.png unavailable (apt-get download failed); using the corpus phone photo');
  photoPath = photo?.path ?? join(CORPUS, 'phone-4032x3024-orientation-6.jpg');
});
afterAll(async () => {
  await browser?.close();
});

describe('the Single Image tool in Chromium', () => {
  it('uploads a real photo, frames the LinkedIn banner, gets a JPEG, switches to PNG and downloads it', async () => {
    const page = await visitor(browser);
    await uploadAndAdjust(page, photoPath);
    // Zoom in with the slider; the label follows.
    await page.getByLabel(/^Zoom/).fill('1.8');
    await page.getByText('Zoom: 1.80x').waitFor();
    await page.getByRole('button', { name: 'Next: Download' }).click();
    await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
    // The page follows the step: its card is brought into view, below the sticky header.
    await expect.poll(() => inView(page, page.getByText('Ready to Download'))).toBe(true);
    await expect.poll(() => page.getByTestId('allowance').textContent()).toBe('1 free download remaining');
    await page.getByText('1584 x 396 px').waitFor();
    // Auto: a photograph is a JPEG; the size shown is the file's own.
    await expect.poll(() => page.getByTestId('file-format').textContent()).toBe('JPEG, quality 82');
    const jpegSize = await page.getByTestId('file-size').textContent();
    expect(jpegSize).toMatch(/^\d+ KB$/);
    // LinkedIn does not take WebP: it cannot be chosen.
    expect(await page.getByRole('radio', { name: 'WebP' }).isDisabled()).toBe(true);
    await page.getByRole('radio', { name: 'PNG' }).check();
    await expect
      .poll(() => page.getByTestId('file-format').textContent(), { timeout: 30_000 })
      .toBe('PNG (lossless, keeps transparency)');
    await expect.poll(() => page.getByRole('button', { name: 'Download Now' }).isEnabled()).toBe(true);
    expect(await page.getByTestId('file-size').textContent()).not.toBe(jpegSize);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Now' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-linkedin-banner-1584x396\.png$/);
    const file = readFileSync(await download.path());
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1584, height: 396 });
    expect(formatSize(file.length)).toBe(await page.getByTestId('file-size').textContent());
    // The cropper, previews and download all work inside the site's Content-Security-Policy.
    expect(await cspViolations(page)).toEqual([]);

    // A second image by the same visitor needs a plan.
    await page.getByRole('button', { name: 'Start Over' }).click();
    await uploadAndAdjust(page, join(CORPUS, 'baseline.jpg'));
    await page.getByRole('button', { name: 'Next: Download' }).click();
    await page.getByRole('heading', { name: 'Get this image' }).waitFor({ timeout: 30_000 });
    // The choice is remembered for the visitor: this image is a PNG too.
    expect(await page.getByRole('radio', { name: 'PNG' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('file-format').textContent()).toBe('PNG (lossless, keeps transparency)');
    await expect.poll(() => page.getByTestId('allowance').textContent()).toBe('Download requires payment');
    expect(await page.getByRole('button', { name: 'Download Now' }).count()).toBe(0);
    // The price and the buttons that pay stand where Download Now would be (test/e2e/money-path.test.ts).
    const plans = page.getByRole('group', { name: 'Pay to download' });
    await plans.getByRole('link', { name: 'Unlimited Access: $9.99' }).waitFor();
    await plans.getByRole('link', { name: 'Buy this image: $1.99' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/checkout\/[0-9a-f-]{36}$/);
    expect(new URL(page.url()).searchParams.get('plan')).toBe('single');
    expect(await cspViolations(page)).toEqual([]);
  });

  it('keeps the work in the address: a refresh, Back from checkout and its "Back to editor" reopen it', async () => {
    const page = await visitor(browser);
    await uploadAndAdjust(page, join(CORPUS, 'baseline.jpg'));
    await page.getByLabel(/^Zoom/).fill('1.8');
    await page.getByRole('button', { name: 'Next: Download' }).click();
    await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
    await expect.poll(() => new URL(page.url()).searchParams.get('request')).toMatch(/^[0-9a-f-]{36}$/);
    const id = new URL(page.url()).searchParams.get('request') as string;

    await page.reload();
    await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
    await page.getByText('1584 x 396 px').waitFor();
    await page.getByRole('button', { name: 'Back to Edit' }).click();
    await page.getByText('Zoom: 1.80x').waitFor();
    expect(await page.getByRole('radio', { name: /^LinkedIn: Personal profile background/ }).isChecked()).toBe(true);

    // Back from checkout returns to the step the visitor left (here the editor), from the server.
    await page.goto(`${baseUrl()}/checkout/${id}?plan=single`);
    await page.getByRole('heading', { name: 'Secure Checkout' }).waitFor();
    await page.goBack();
    await page.getByText('Zoom: 1.80x').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('step')).toBe('adjust');
    await page.goto(`${baseUrl()}/checkout/${id}?plan=single`);
    await page.getByRole('link', { name: '← Back to editor' }).click();
    await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('request')).toBe(id);

    // Someone else's request, or a made-up one, opens nothing and says so.
    const stranger = await visitor(browser);
    await stranger.goto(`${baseUrl()}/?request=${id}`);
    await stranger.getByText('Image not available', { exact: true }).waitFor();
    await expect.poll(() => new URL(stranger.url()).searchParams.get('request')).toBeNull();
    await stranger.getByRole('button', { name: 'Next: Choose Format' }).waitFor();
  });

  it('shows the picture once uploaded, finds formats by search and keyboard, and previews the output as it will be', async () => {
    const page = await visitor(browser);
    // The picture is shown from the visitor's own file: it is not fetched back from the server.
    const fetchedBack: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/uploads/')) fetchedBack.push(request.url());
    });
    await page.locator('#single-image-file').setInputFiles(join(CORPUS, 'baseline.jpg'));
    const thumbnail = page.getByRole('img', { name: 'Your picture' });
    await thumbnail.waitFor({ timeout: 30_000 });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The upload is said in the step, beside the picture: no notification over the step indicator
    // or the step's buttons, on a desktop and on a phone.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await page.getByText('Uploaded', { exact: true }).waitFor();
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /upload/i })
          .count(),
        `a toast at ${width} px`,
      ).toBe(0);
      expect(await page.locator('[data-variant]').count(), `a notification at ${width} px`).toBe(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Next: Choose Format' }).click();

    // A landscape photo opens on a landscape format, never on a profile circle.
    const preview = page.getByRole('img', { name: /as it will be$/ });
    await preview.waitFor();
    const ratio = () => preview.evaluate((c: HTMLCanvasElement) => c.width / c.height);
    expect(await ratio()).toBeGreaterThan(1.3);
    expect(await preview.getAttribute('data-shape')).toBe('rect');

    // Search, then the arrow keys move through the cards.
    await page.getByLabel('Search formats').fill('story');
    await page.getByRole('radiogroup', { name: 'Format' }).getByRole('radio').first().focus();
    await page.keyboard.press('Space');
    const checked = () => page.getByRole('radio', { checked: true }).getAttribute('aria-label');
    const first = await checked();
    expect(first).toMatch(/Story/);
    await page.keyboard.press('ArrowDown');
    await expect.poll(checked).not.toBe(first);
    await expect.poll(ratio).toBeCloseTo(9 / 16, 1);
    // The preview draws the picture (not an empty frame).
    const painted = await preview.evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let opaque = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) opaque++;
      return opaque / (data.length / 4);
    });
    expect(painted).toBeGreaterThan(0.5);
    expect(fetchedBack).toEqual([]);

    // A drag moves the framing; Undo brings it back.
    const media = page.getByTestId('crop-preview').locator('img');
    const transform = () => media.evaluate((img) => (img as HTMLElement).style.transform);
    const before = await transform();
    const box = (await page.getByTestId('crop-preview').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 20, { steps: 5 });
    await page.mouse.up();
    await expect.poll(transform).not.toBe(before);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(transform).toBe(before);
    expect(await page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);

    // A profile format is previewed, and later shown, as the circle the platform shows.
    await page.getByLabel('Search formats').fill('youtube channel icon');
    await chooseFormat(page, /^YouTube: Channel icon/);
    await expect.poll(() => preview.getAttribute('data-shape')).toBe('circle');
    await page.getByText('shown as a circle on YouTube').waitFor();
    await page.getByRole('button', { name: 'Next: Download' }).click();
    await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
    // The icon opens framed on the whole height, with the picture's flat blocks: Auto makes a PNG
    // of it, so the step shows the file's own preview (no JPEG before and after).
    await page
      .getByRole('img', { name: /preview$/ })
      .first()
      .waitFor();
    expect(
      await page
        .getByRole('img', { name: /preview$/ })
        .first()
        .getAttribute('data-shape'),
    ).toBe('circle');
  });

  it('fills the frame a zoomed-out picture leaves empty with the chosen colour, in the preview, the file and after a refresh', async () => {
    const page = await visitor(browser);
    await page.locator('#single-image-file').setInputFiles(join(CORPUS, 'baseline.jpg'));
    await page.getByRole('img', { name: 'Your picture' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Next: Choose Format' }).click();
    await page.getByLabel('Search formats').fill('x header');
    await chooseFormat(page, /^X \(Twitter\): Profile header/);
    // Framed inside the picture, there is nothing to fill.
    expect(await page.getByRole('radiogroup', { name: 'Fill' }).count()).toBe(0);
    await page.getByLabel(/^Zoom/).fill('0.5');
    const fills = page.getByRole('radiogroup', { name: 'Fill' });
    await fills.waitFor();
    await page.locator('label', { hasText: 'Solid colour' }).click();
    await page.getByRole('button', { name: 'Black (#000000)' }).click();
    await expect.poll(() => page.getByTestId('crop-preview').getAttribute('data-fill')).toBe('color');
    // The output preview's left edge is the fill.
    const preview = page.getByRole('img', { name: /as it will be$/ });
    await expect
      .poll(() =>
        preview.evaluate((c: HTMLCanvasElement) => [...c.getContext('2d')!.getImageData(1, c.height >> 1, 1, 1).data]),
      )
      .toEqual([0, 0, 0, 255]);

    await page.getByRole('button', { name: 'Next: Download' }).click();
    await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
    await page.getByRole('radio', { name: 'PNG' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Now' }).click(),
    ]);
    const file = await sharp(readFileSync((await download.path())!))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...file.data.subarray((y * file.info.width + x) * 4, (y * file.info.width + x) * 4 + 4),
    ];
    expect(file.info.width).toBe(1500);
    expect(at(5, 250)).toEqual([0, 0, 0, 255]);
    expect(at(750, 250)).not.toEqual([0, 0, 0, 255]);

    // Back in the editor after a refresh, the fill is as it was.
    await page.reload();
    await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Back to Edit' }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Solid colour' }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Black (#000000)' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('takes an iPhone HEIC photo as a JPEG where the browser opens it, and says clearly where it cannot', async () => {
    // Chromium opens no HEIC; a photo the browser can open under a HEIC name stands for Safari's case.
    const page = await visitor(browser);
    const uploaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/upload');
    await page.locator('#single-image-file').setInputFiles({
      name: 'IMG_0420.HEIC',
      mimeType: 'image/heic',
      buffer: readFileSync(join(CORPUS, 'baseline.jpg')),
    });
    // It went up as a JPEG, and the page shows it as sent.
    expect(((await (await uploaded).json()) as { path: string }).path).toMatch(/\.jpg$/);
    const thumbnail = page.getByRole('img', { name: 'Your picture' });
    await thumbnail.waitFor({ timeout: 30_000 });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByText('IMG_0420.HEIC').waitFor();

    // Real HEIC bytes (an ISO-BMFF 'ftyp heic' box) that Chromium cannot decode: nothing is sent.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(4000, 7),
    ]);
    const other = await visitor(browser);
    const uploads: string[] = [];
    other.on('request', (request) => {
      if (request.url().endsWith('/api/upload')) uploads.push(request.url());
    });
    await other.locator('#single-image-file').setInputFiles({ name: 'IMG_0421.heic', mimeType: '', buffer: heic });
    await other
      .getByText(/This browser cannot open HEIC photos/)
      .first()
      .waitFor();
    expect(uploads).toEqual([]);
    expect(await other.getByRole('button', { name: 'Next: Choose Format' }).isDisabled()).toBe(true);
  });

  it('takes an image pasted from the clipboard, and one dropped anywhere on the page', async () => {
    const jpeg = readFileSync(join(CORPUS, 'baseline.jpg')).toString('base64');
    for (const how of ['paste', 'drop'] as const) {
      const page = await visitor(browser);
      await page.getByRole('group', { name: 'Upload area' }).waitFor();
      await page.evaluate(
        ({ b64, how }) => {
          const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
          const data = new DataTransfer();
          data.items.add(new File([bytes], `from-${how}.jpg`, { type: 'image/jpeg' }));
          const event =
            how === 'paste'
              ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
              : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
          (how === 'paste' ? document : (document.querySelector('footer') ?? document.body)).dispatchEvent(event);
        },
        { b64: jpeg, how },
      );
      await uploaded(page);
      await page.getByText(`from-${how}.jpg`).first().waitFor();
    }
  });

  it('sends a 48 MP phone photo as it is, and redraws smaller a photo the server refuses as too large', async () => {
    const page = await visitor(browser);
    const sent: Array<{ status: number; size: number }> = [];
    page.on('requestfinished', async (request) => {
      if (!request.url().endsWith('/api/upload')) return;
      const response = await request.response();
      sent.push({ status: response?.status() ?? 0, size: request.postDataBuffer()?.length ?? 0 });
    });
    await page.locator('#single-image-file').setInputFiles(join(CORPUS, 'phone-8064x6048-orientation-6.jpg'));
    await page.getByText(/· 6048 × 8064 px/).waitFor({ timeout: 30_000 });
    // A 20 MP progressive JPEG goes as it is too (decoded reduced, it keeps only the coefficients
    // its scale reads); a 16 MP lossless WebP, whose decoder holds all of it, is refused and redrawn
    // (as WebP) to 12 MP.
    const dir = mkdtempSync(join(tmpdir(), 'sr-'));
    const progressive = join(dir, 'progressive-20mp.jpg');
    await sharp({ create: { width: 5200, height: 3900, channels: 3, background: '#3a7bd5' } })
      .jpeg({ quality: 80, progressive: true })
      .toFile(progressive);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('#single-image-file').setInputFiles(progressive);
    await page.getByText(/· 5200 × 3900 px/).waitFor({ timeout: 30_000 });
    const lossless = join(dir, 'lossless-16mp.webp');
    await sharp({ create: { width: 4600, height: 3500, channels: 3, background: '#d53a7b' } })
      .webp({ lossless: true })
      .toFile(lossless);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('#single-image-file').setInputFiles(lossless);
    await page.getByText(/· (3970|3971) × (3021|3022) px/).waitFor({ timeout: 30_000 });
    await expect.poll(() => sent.map((s) => s.status)).toEqual([201, 201, 413, 201]);
  });

  it('refuses a file over 50 MB and a GIF with their toasts, before uploading', async () => {
    const page = await visitor(browser);
    const uploads: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/upload') && uploads.push(r.url()));
    const big = join(mkdtempSync(join(tmpdir(), 'sr-')), 'huge.jpg');
    closeSync(openSync(big, 'w'));
    truncateSync(big, 50 * 1024 * 1024 + 1); // sparse: no 50 MB written
    await page.locator('#single-image-file').setInputFiles(big);
    await page.getByText('File too large', { exact: true }).waitFor();
    await page.getByText('Maximum file size is 50MB', { exact: true }).waitFor();
    await page.locator('#single-image-file').setInputFiles(join(CORPUS, 'animated.gif'));
    await page.getByText('Invalid file type', { exact: true }).waitFor();
    await page.getByText('Please upload a JPG, PNG or WEBP image', { exact: true }).waitFor();
    expect(uploads).toEqual([]);
    expect(await page.getByRole('button', { name: 'Next: Choose Format' }).isDisabled()).toBe(true);
  });
});
