import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPhoto } from '../../bench/photos';
import { LAYOUTS_1500x500, makeMarkedBanner } from '../support/marked-banner';
import { expectAccessibleInBothSchemes } from './axe';
import { onScreen } from './layout';
import { baseUrl, CORPUS, launchBrowser, uploaded, visitor } from './browser';

let browser: Browser;
let bannerPath: string;
/** A real portrait committed with the tests (test/fixtures/people/README.md). */
const facePath = join(process.cwd(), 'test/fixtures/people/grace_hopper.jpg');
let portraitPath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // A real photo (scikit-image's astronaut, from Debian) when apt can fetch it, else a corpus photo.
  const photo = fetchPhoto('astronaut.png')?.path ?? join(CORPUS, 'baseline.jpg');
  const dir = mkdtempSync(join(tmpdir(), 'adjusters-'));
  bannerPath = join(dir, 'launch header.png');
  writeFileSync(bannerPath, (await makeMarkedBanner(photo, 1500, 500, LAYOUTS_1500x500[0]!)).png);
  portraitPath = photo;
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a tool tab, uploads the file and goes on to the configure step. */
async function uploadIn(
  page: Page,
  tab: 'bannerAdjuster' | 'profileAdjuster',
  path: string,
  heading: string,
): Promise<void> {
  await page.goto(`${baseUrl()}/?tab=${tab}`);
  await page.locator('input[type=file]').setInputFiles(path);
  await uploaded(page);
  await page.getByRole('button', { name: 'Next: Choose Format' }).click();
  await page.getByRole('heading', { name: heading }).waitFor();
}

/** Opens a platform's target tab and ticks its first format. */
async function pickFirst(page: Page, platform: string): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(`^${platform}`) }).click();
  await page.getByRole('tabpanel').getByRole('checkbox').first().check();
}

describe('the banner and profile adjusters in Chromium', () => {
  it('converts a banner to five platforms with intelligent resizing, shows every result and downloads the ZIP', async () => {
    const page = await visitor(browser);
    await uploadIn(page, 'bannerAdjuster', bannerPath, 'Configure Banner Adjustment');
    await page.getByLabel('Source platform').selectOption('twitter');
    const targetTabs = page.getByRole('tablist', { name: 'Target platforms' });
    await targetTabs.getByRole('tab', { name: 'X (Twitter) (source)' }).waitFor();
    expect(await targetTabs.getByRole('tab', { selected: true }).textContent()).toBe('Facebook');
    expect(await page.getByRole('switch', { name: 'Enable intelligent resizing' }).getAttribute('aria-checked')).toBe(
      'true',
    );

    await page.getByRole('tabpanel').getByRole('checkbox').first().check();
    for (const platform of ['LinkedIn', 'YouTube', 'Google Play', 'Behance']) await pickFirst(page, platform);
    // JPEG at quality 70 for all five (every one of them takes JPEG).
    await page.getByRole('radio', { name: 'JPEG' }).check();
    await page.getByRole('slider', { name: 'Quality' }).fill('70');
    // Its before and after, on any of the chosen formats, with the file's size.
    await page.getByTestId('quality-compare').getByRole('img', { name: 'After: JPEG, quality 70' }).waitFor();
    await expect.poll(() => page.getByTestId('quality-size').textContent()).toMatch(/^About \d+ KB/);
    await page
      .getByLabel('Preview on')
      .selectOption({ label: 'YouTube: Channel banner (TV full; desktop/mobile crop to center strip) (2560 × 1440)' });
    await expect.poll(() => page.getByTestId('quality-size').textContent()).toMatch(/^About \d+ KB/);
    await expectAccessibleInBothSchemes(page, 'the banner configure step');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Banner Conversion Results' }).waitFor();
    await page.getByText('All conversions have been completed successfully!').waitFor({ timeout: 60_000 });
    await page.getByText('AI Analysis Successful').waitFor();
    expect(await page.getByText('Ready to download').count()).toBe(5);
    await expect.poll(() => page.getByTestId('file-20').textContent()).toMatch(/^JPEG · \d+ KB$/);
    await page.getByTestId('source-card').getByText('Original').waitFor();
    // Previews load from the server.
    await expect
      .poll(
        () =>
          page
            .locator('img[src^="/api/preview/"]')
            // Previews load lazily: bring each into view, as a visitor scrolling the results does.
            .evaluateAll((imgs) => {
              imgs.forEach((i) => i.scrollIntoView());
              return imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length;
            }),
        { timeout: 15_000 },
      )
      .toBe(5);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download All as ZIP' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('launch header-formats.zip');
    const { 'checks.txt': checks, ...files } = unzipSync(readFileSync(await download.path()));
    expect(new TextDecoder().decode(checks)).toContain('Ready for YouTube: 2560×1440 JPEG');
    const sizes = await Promise.all(
      Object.entries(files).map(async ([name, bytes]) => {
        const meta = await sharp(bytes).metadata();
        return `${name} ${meta.format} ${meta.width}x${meta.height}`;
      }),
    );
    expect(sizes.sort()).toEqual([
      'launch header-behance-banner-3200x410.jpg jpeg 3200x410',
      'launch header-facebook-cover-photo-851x315.jpg jpeg 851x315',
      'launch header-google-play-store-feature-graphic-1024x500.jpg jpeg 1024x500',
      'launch header-linkedin-banner-1584x396.jpg jpeg 1584x396',
      'launch header-youtube-banner-2560x1440.jpg jpeg 2560x1440',
    ]);

    // Back to Selection keeps the choice; Start Over clears everything.
    await page.getByRole('button', { name: 'Back to Selection' }).click();
    await page.getByText('5 selected').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Upload Your Banner' }).waitFor();

    // Each step is a history entry: the browser's Back walks them back to the results, and the
    // results live in the address, so a reload shows them again from the server.
    await page.goBack();
    await page.getByText('5 selected').waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Banner Conversion Results' }).waitFor();
    expect(page.url()).toMatch(/astep=results/);
    expect(page.url()).toMatch(/run=[0-9a-f-]{36}/);
    expect(page.url()).toMatch(/targets=/);
    await page.reload();
    await page.getByRole('heading', { name: 'Banner Conversion Results' }).waitFor();
    await expect.poll(() => page.getByText('Ready to download').count(), { timeout: 15_000 }).toBe(5);
    await expect.poll(() => page.getByTestId('file-20').textContent()).toMatch(/^JPEG · \d+ KB$/);
    await expectAccessibleInBothSchemes(page, 'the banner results');
    await page.goForward();
    await page.getByText('Configure Banner Adjustment').first().waitFor();
  });

  for (const size of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    it(`keeps each step's main button and what it acts on on screen at ${size.width}×${size.height}`, async () => {
      const page = await visitor(browser, { width: size.width });
      await page.setViewportSize(size);
      await page.goto(`${baseUrl()}/?tab=profileAdjuster`);
      await page.locator('input[type=file]').setInputFiles(portraitPath);
      await uploaded(page);
      const next = page.getByRole('button', { name: 'Next: Choose Format' });
      await expect.poll(() => onScreen(page, next), { message: 'Next: Choose Format' }).toBe(true);
      await expect
        .poll(() => onScreen(page, page.getByText('Uploaded', { exact: true })), { message: 'the upload' })
        .toBe(true);
      await next.click();
      await page.getByRole('heading', { name: 'Configure Profile Picture Adjustment' }).waitFor();
      const first = page.getByRole('tabpanel').getByRole('checkbox').first();
      await expect.poll(() => onScreen(page, first), { message: 'the first format' }).toBe(true);
      await first.check();
      const go = page.getByRole('button', { name: 'Continue' });
      await expect.poll(() => onScreen(page, go), { message: 'Continue' }).toBe(true);
      await go.click();
      await page.getByText('All conversions have been completed successfully!').waitFor({ timeout: 60_000 });
      const zip = page.getByRole('button', { name: 'Download All as ZIP' });
      await expect.poll(() => onScreen(page, zip), { message: 'Download All as ZIP' }).toBe(true);
      const result = page.locator('li[data-testid^="result-"]').first();
      await expect
        .poll(() => result.getByRole('img').evaluate((i) => (i as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      await expect.poll(() => onScreen(page, result.getByRole('img')), { message: 'the first result' }).toBe(true);
      // The JPEG result is opaque: shown on plain ground, not a checkerboard.
      expect(await result.locator('[data-checkerboard]').getAttribute('data-checkerboard')).toBe('false');
    });
  }

  it('refuses targets on the source platform with the "Cannot select" toast', async () => {
    const page = await visitor(browser);
    await uploadIn(page, 'bannerAdjuster', bannerPath, 'Configure Banner Adjustment');
    await page.getByLabel('Source platform').selectOption('linkedin');
    await page.getByRole('tab', { name: 'LinkedIn (source)' }).click();
    // Select All is dimmed (aria-disabled) there; a click on it explains why instead of doing nothing.
    await page.getByRole('button', { name: 'Select All', exact: true }).click({ force: true });
    await page.getByText("You can't select formats from the same platform as the source", { exact: true }).waitFor();
    await page.getByText('Cannot select', { exact: true }).waitFor();
    await page.getByText('0 selected').waitFor();
  });

  it('converts a profile picture to three platforms, previewed as circles', async () => {
    const page = await visitor(browser);
    await uploadIn(page, 'profileAdjuster', portraitPath, 'Configure Profile Picture Adjustment');
    await page.getByAltText('Your profile picture, as a circle').waitFor();
    expect(await page.getByRole('switch').count()).toBe(0);
    await page.getByLabel('Source platform').selectOption('facebook');
    for (const platform of ['Instagram', 'LinkedIn', 'YouTube']) await pickFirst(page, platform);
    // The banner test chose JPEG in another page of the same visitor; here PNG.
    await page.getByRole('radio', { name: 'PNG' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('All conversions have been completed successfully!').waitFor({ timeout: 60_000 });
    expect(await page.getByText('Ready to download').count()).toBe(3);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('result-35').getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-youtube-profile-picture-800x800\.png$/);
    expect(await sharp(readFileSync(await download.path())).metadata()).toMatchObject({
      format: 'png',
      width: 800,
      height: 800,
    });
    await expect.poll(() => page.getByTestId('file-35').textContent()).toMatch(/^PNG · \d+ KB$/);
  });
  it('keeps a box the user drew on the banner in every target, previewed before converting', async () => {
    const page = await visitor(browser);
    await uploadIn(page, 'bannerAdjuster', bannerPath, 'Configure Banner Adjustment');
    await page.getByLabel('Source platform').selectOption('twitter');
    await page.getByLabel('Source format').selectOption({ index: 1 });
    await pickFirst(page, 'LinkedIn');
    await pickFirst(page, 'YouTube');
    const frame = page.getByTestId('focus-frame');
    await frame.scrollIntoViewIfNeeded();
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.1);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.95, box.y + box.height * 0.5, { steps: 4 });
    await page.mouse.up();
    await page.getByText(/Every format keeps this box whole/).waitFor();
    const previews = page.getByRole('list', { name: 'Previews with your box kept' });
    await expect.poll(() => previews.getByRole('img').count()).toBe(2);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('All conversions have been completed successfully!').waitFor({ timeout: 60_000 });
    // Kept whole by a crop, or by extending the canvas where the format's shape cannot hold it.
    expect(await page.getByText(/^(Kept your box|Extended the canvas to keep your box)$/).count()).toBe(2);
  });

  for (const [size, width] of [
    ['desktop', 1280],
    ['phone', 390],
  ] as const)
    it(`shows the faces and text it keeps, and frames one format by hand (${size})`, async () => {
      const page = await visitor(browser, { width });
      // The framings the server answers (the last status the page read), and any fetch of the original.
      let status: { framings: Record<string, { crop: { x: number; y: number; width: number; height: number } }> };
      page.on('response', async (response) => {
        const path = new URL(response.url()).pathname;
        if (/^\/api\/conversions\/[^/]+$/.test(path) && response.request().method() === 'GET')
          status = await response.json().catch(() => status);
      });
      const originals: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/uploads/')) originals.push(request.url());
      });
      // A real portrait (test/fixtures/people): the face detector must find it.
      await uploadIn(page, 'bannerAdjuster', facePath, 'Configure Banner Adjustment');
      await page.getByLabel('Source platform').selectOption('twitter');
      await pickFirst(page, 'LinkedIn');

      // Detection runs once for the picture, then shows what every format keeps.
      await page.getByText('Finding faces and text…').waitFor({ state: 'hidden', timeout: 30_000 });
      await page.getByText(/^Every format keeps the faces and text found whole/).waitFor();
      const found = page.getByRole('list', { name: 'Found on the picture' });
      expect(await found.getByRole('listitem', { name: 'Face' }).count()).toBe(1);
      // The pre-filled box moves by keyboard; "Use detected" returns to the found boxes.
      await page.getByTestId('focus-frame').press('ArrowRight');
      await page.getByText(/^Every format keeps this box whole/).waitFor();
      await page.getByRole('button', { name: 'Use detected' }).click();
      await page.getByText(/^Every format keeps the faces and text found whole/).waitFor();

      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('All conversions have been completed successfully!').waitFor({ timeout: 60_000 });
      const card = page.locator('li[data-testid^="result-"]').first();
      const framing = card.locator('[data-testid^="framing-"]');
      expect(await framing.textContent()).toMatch(/^(Kept 1 face|Extended the canvas to keep 1 face)/);

      // Adjust framing opens on the server's framing exactly, from the file this page sent (the
      // original is not fetched back): saved untouched, it is the same crop in the upload's pixels.
      const formatId = (await card.getAttribute('data-testid'))!.replace('result-', '');
      const served = status!.framings[formatId]!.crop;
      await card.getByRole('button', { name: /^Adjust framing:/ }).click();
      const dialog = page.getByRole('dialog');
      const shown = dialog.getByTestId('framing-cropper').locator('img');
      await expect.poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      const [reframe] = await Promise.all([
        page.waitForRequest((request) => request.url().endsWith('/reframe')),
        dialog.getByRole('button', { name: 'Save' }).click(),
      ]);
      expect(reframe.postDataJSON().crop).toEqual({
        x: Math.round(served.x),
        y: Math.round(served.y),
        width: Math.round(served.width),
        height: Math.round(served.height),
      });
      expect(originals).toEqual([]);
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => framing.textContent(), { timeout: 60_000 }).toBe('Framed by hand');

      // Then drag the picture in the cropper and save; the card renders again.
      await card.getByRole('button', { name: /^Adjust framing:/ }).click();
      await dialog.getByText(/downloads like the Single Image tool/).waitFor();
      const cropper = (await dialog.getByTestId('framing-cropper').boundingBox())!;
      // The dialog fits the screen, phone included.
      expect(cropper.x).toBeGreaterThanOrEqual(0);
      expect(cropper.x + cropper.width).toBeLessThanOrEqual(width);
      await page.getByRole('slider', { name: /^Zoom/ }).fill('1.5');
      await page.mouse.move(cropper.x + cropper.width / 2, cropper.y + cropper.height / 2);
      await page.mouse.down();
      await page.mouse.move(cropper.x + cropper.width / 2 + 40, cropper.y + cropper.height / 2, { steps: 4 });
      await page.mouse.up();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => framing.textContent(), { timeout: 60_000 }).toBe('Framed by hand');
      const preview = card.getByRole('img');
      await expect.poll(() => preview.getAttribute('src'), { timeout: 60_000 }).toMatch(/\?v=2$/);
      await expect
        .poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 15_000 })
        .toBeGreaterThan(0);

      // A new visitor has its free download: the hand-framed file downloads at the format's size.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: 'Download' }).click(),
      ]);
      expect(await sharp(readFileSync(await download.path())).metadata()).toMatchObject({ width: 1584, height: 396 });
    });
});
