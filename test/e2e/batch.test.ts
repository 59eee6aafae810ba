/**
 * The Batch page in Chromium: an Unlimited Access user adds photos (seen as thumbnails, one
 * removed), picks formats, converts, watches the grid of pictures fill in, goes Back and reloads,
 * and downloads one ZIP with a folder per photo, at a desktop's and a phone's size, light and dark;
 * a visitor without Unlimited Access gets the offer, not a batch.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchResponse } from '../../shared/schemas';
import { inspectImage } from '@social-resizer/engine';
import { expectAccessibleInBothSchemes } from './axe';
import { baseUrl, becomeUnlimited, launchBrowser, visitor } from './browser';
import { layoutProblems, onScreen } from './layout';

const PEOPLE = join(import.meta.dirname, '../fixtures/people');
/** Two real landscape photos with people (one person; two far apart) and one without. */
const PERSON = join(PEOPLE, 'astronaut-landscape.jpg');
const PAIR = join(import.meta.dirname, '../../bench/eval/photos/obama-biden-pair.jpg');
const NO_PEOPLE = join(PEOPLE, 'coffee.png');

/** The share of a crop that lies outside the picture: the backdrop an output shows. */
function backdropShare(
  crop: { x: number; y: number; width: number; height: number },
  picture: { width: number; height: number },
) {
  const w = Math.max(0, Math.min(picture.width, crop.x + crop.width) - Math.max(0, crop.x));
  const h = Math.max(0, Math.min(picture.height, crop.y + crop.height) - Math.max(0, crop.y));
  return 1 - (w * h) / (crop.width * crop.height);
}

/** Moves on from the photos to the formats, and from the formats to the file type. */
async function next(page: Page, to: 'Formats' | 'File type'): Promise<void> {
  await page.getByRole('button', { name: `Next: ${to}` }).click();
  await page.getByRole('heading', { name: to === 'Formats' ? 'Choose the formats' : 'File type and fill' }).waitFor();
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * What a new Unlimited Access user does, at one screen size: three photos in, one out, formats
 * with an Instagram story, convert, results filling in, Back and Forward, a reload, the ZIP. Each
 * step's primary button and what it acts on are on screen without scrolling; axe in light and dark.
 */
async function batchAsAUser(size: { width: number; height: number }): Promise<void> {
  const page = await visitor(browser, { width: size.width });
  await page.setViewportSize(size);
  await becomeUnlimited(page);
  await page.goto(new URL('/batch', baseUrl()).href);
  await page.locator('#batch-files').setInputFiles([PERSON, PAIR, NO_PEOPLE]);

  // Three thumbnails drawn from the local files at once, then each uploaded.
  const tiles = page.getByTestId('batch-photo');
  await expect.poll(() => tiles.count()).toBe(3);
  await expect
    .poll(() =>
      tiles.locator('img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth > 0)),
    )
    .toEqual([true, true, true]);
  await expect.poll(() => page.getByText(/^\d+ × \d+ px$/).count(), { timeout: 30_000 }).toBe(3);
  const nextButton = page.getByRole('button', { name: 'Next: Formats' });
  expect(await onScreen(page, nextButton), 'Next: Formats').toBe(true);
  expect(await onScreen(page, tiles.first()), 'the first photo').toBe(true);
  expect(await layoutProblems(page), 'the photos').toEqual([]);
  await expectAccessibleInBothSchemes(page, `the photos at ${size.width}`);

  // The photo without people is taken out again, and its thumbnail's object URL freed.
  const removedUrl = await page.getByRole('img', { name: 'coffee.png' }).getAttribute('src');
  expect(removedUrl).toMatch(/^blob:/);
  await page.getByRole('button', { name: 'Remove coffee.png' }).click();
  await expect.poll(() => tiles.count()).toBe(2);
  expect(
    await page.evaluate(
      (url) =>
        fetch(url).then(
          () => 'still there',
          () => 'revoked',
        ),
      removedUrl!,
    ),
  ).toBe('revoked');

  // Formats: the platform tabs fit the screen (scrolling with arrows where they overflow).
  await next(page, 'Formats');
  expect(new URL(page.url()).searchParams.get('step')).toBe('formats');
  const tabs = page.getByRole('tablist', { name: 'Platforms' });
  const overflows = await tabs.evaluate((list) => list.scrollWidth > list.clientWidth + 1);
  if (overflows) {
    const more = page.getByRole('button', { name: 'More platforms' });
    expect(await onScreen(page, more), 'the arrow to more platforms').toBe(true);
    await more.click();
    await expect.poll(() => tabs.evaluate((list) => list.scrollLeft)).toBeGreaterThan(0);
  }
  await page.getByRole('tab', { name: /^Instagram/ }).click();
  const story = page.getByRole('checkbox', { name: /^Story \(9:16\)/ });
  expect(await onScreen(page, page.getByRole('tabpanel').getByRole('checkbox').first()), 'the first format').toBe(true);
  await story.check();
  await page.getByRole('checkbox', { name: /^Feed post, square/ }).check();
  await page.getByRole('tab', { name: /^LinkedIn/ }).click();
  await page.getByRole('tabpanel').getByRole('checkbox').first().check();
  await page.getByText('3 formats selected').waitFor();
  expect(await onScreen(page, page.getByRole('button', { name: 'Next: File type' })), 'Next: File type').toBe(true);
  expect(await layoutProblems(page), 'the formats').toEqual([]);
  await expectAccessibleInBothSchemes(page, `the formats at ${size.width}`);

  // Back goes to the photos as they were; Forward to the formats as chosen.
  await page.goBack();
  await page.getByRole('heading', { name: 'Choose your photos' }).waitFor();
  expect(await tiles.count()).toBe(2);
  await page.goForward();
  await page.getByText('3 formats selected').waitFor();

  // File type: Auto (the single tool's default), the blurred picture where a canvas must extend.
  await next(page, 'File type');
  expect(await page.getByRole('radio', { name: /^Auto/ }).isChecked()).toBe(true);
  expect(await page.getByRole('radio', { name: 'Blurred picture' }).isChecked()).toBe(true);
  await page.getByText('2 photos × 3 formats = 6 files').waitFor();
  // The quality's before and after on the first photo (Auto is JPEG for a photo), with the size.
  await expect.poll(() => page.getByTestId('quality-size').textContent(), { timeout: 20_000 }).toMatch(/^About \d+ KB/);
  await page
    .getByTestId('quality-compare')
    .getByRole('img', { name: /^After: JPEG, quality \d+$/ })
    .waitFor();
  const convert = page.getByRole('button', { name: 'Convert 2 photos to 3 formats' });
  expect(await onScreen(page, convert), 'Convert').toBe(true);
  expect(await onScreen(page, page.getByText('2 photos × 3 formats = 6 files')), 'what it converts').toBe(true);
  expect(await layoutProblems(page), 'the file type').toEqual([]);
  await expectAccessibleInBothSchemes(page, `the file type at ${size.width}`);
  await convert.click();

  // The results: a grid of six pictures that fills in, the ZIP first.
  await expect.poll(() => new URL(page.url()).searchParams.get('id'), { timeout: 30_000 }).not.toBeNull();
  const id = new URL(page.url()).searchParams.get('id')!;
  const outputs = page.getByTestId('batch-output');
  await expect.poll(() => outputs.count()).toBe(6);
  await expectAccessibleInBothSchemes(page, `the progress at ${size.width}`);
  const previews = () =>
    outputs
      .locator('img')
      .evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length);
  await expect.poll(previews, { timeout: 120_000 }).toBe(6);
  await page.getByText(/^Finished: 6 done, 0 failed, 0 remaining of 6$/).waitFor();
  const zipLink = page.getByRole('link', { name: 'Download ZIP (6 files)' });
  expect(await onScreen(page, zipLink), 'the ZIP').toBe(true);
  expect(await onScreen(page, outputs.first()), 'the first picture').toBe(true);
  expect(
    await outputs
      .first()
      .getByText(/^\d+×\d+ · JPEG · \d+ KB$/)
      .count(),
  ).toBe(1);
  expect(await layoutProblems(page), 'the results').toEqual([]);
  await expectAccessibleInBothSchemes(page, `the results at ${size.width}`);

  // Back to the file type, as it was; Forward to the results; a reload keeps them.
  await page.goBack();
  await convert.waitFor();
  await page.goForward();
  await expect.poll(() => outputs.count()).toBe(6);
  await page.reload();
  await expect.poll(previews, { timeout: 30_000 }).toBe(6);

  // The ZIP: a folder per photo, and no story with an empty band (every pixel drawn).
  const [download] = await Promise.all([page.waitForEvent('download'), zipLink.click()]);
  const { 'checks.txt': checks, ...entries } = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  expect(new TextDecoder().decode(checks).match(/\n {2}Ready for /g)).toHaveLength(6);
  const stories = Object.keys(entries).filter((name) => name.endsWith('1080x1920.jpg'));
  expect(Object.keys(entries)).toHaveLength(6);
  expect(stories.map((name) => name.split('/')[0]).sort()).toEqual(['astronaut-landscape', 'obama-biden-pair']);
  for (const name of stories) {
    const { data, info } = await sharp(entries[name]!).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    let clear = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! < 255) clear++;
    expect(clear / (info.width * info.height), name).toBe(0);
  }
  // One person fits a story crop: nothing of it is backdrop. Two far apart cannot: extended, blurred.
  const answer = (await (await page.request.get(`${baseUrl()}/api/batches/${id}`)).json()) as BatchResponse;
  const person = answer.photos.find((p) => p.originalFilename === 'astronaut-landscape.jpg')!;
  expect(backdropShare(person.framings['17']!.crop!, { width: 512, height: 320 })).toBeLessThan(0.005);
  const pair = answer.photos.find((p) => p.originalFilename === 'obama-biden-pair.jpg')!;
  expect(pair.framings['17']).toMatchObject({ extended: true, kept: { faces: 2 } });

  // A new batch starts from an empty form; Back still finds this batch's results.
  await page.getByRole('button', { name: 'New batch' }).click();
  await page.getByRole('heading', { name: 'Choose your photos' }).waitFor();
  expect(new URL(page.url()).search).toBe('');
  expect(await page.getByTestId('batch-photo').count()).toBe(0);
  await page.goBack();
  await expect.poll(() => outputs.count()).toBe(6);
}

describe('the Batch page in Chromium', () => {
  it('offers Unlimited Access to a visitor without it, and no batch', async () => {
    const page = await visitor(browser);
    await page.goto(new URL('/batch', baseUrl()).href);
    await page.getByRole('heading', { name: 'Batch is part of Unlimited Access' }).waitFor();
    expect(await page.locator('#batch-files').count()).toBe(0);
  });

  it('takes a user through the batch at 1280×800: thumbnails, a removal, formats, a grid of results, Back, reload and the ZIP', async () => {
    await batchAsAUser({ width: 1280, height: 800 });
  }, 300_000);

  it('takes a user through the batch at 375×812, the same way', async () => {
    await batchAsAUser({ width: 375, height: 812 });
  }, 300_000);

  it('picks formats by kind and from a saved set, and keeps a box drawn on one photo', async () => {
    const page = await visitor(browser);
    await becomeUnlimited(page);
    const dir = mkdtempSync(join(tmpdir(), 'sr-batch-'));
    const files = ['left.jpg', 'right.jpg'].map((name) => join(dir, name));
    for (const file of files)
      await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c0392b' } })
        .jpeg()
        .toFile(file);
    await page.goto(new URL('/batch', baseUrl()).href);
    await page.locator('#batch-files').setInputFiles(files);
    await expect.poll(() => page.getByText(/^1200 × 800 px$/).count(), { timeout: 30_000 }).toBe(2);
    await next(page, 'Formats');

    // Every profile picture, saved as a set, which this browser offers again after a reload.
    await page
      .getByRole('group', { name: 'Add every format of a kind' })
      .getByRole('button', { name: 'Profile pictures' })
      .click();
    const label = page.getByRole('heading', { name: /^Formats/ });
    const picked = Number(/\((\d+) selected\)/.exec((await label.textContent()) ?? '')?.[1]);
    expect(picked).toBeGreaterThan(5);
    await page.getByRole('button', { name: 'Save this set' }).click();
    // A reload keeps the photos and the formats (the form is kept for the tab: batch-draft.ts).
    await page.reload();
    await page.getByText(`(${picked} selected)`).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('step')).toBe('formats');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Choose your photos' }).waitFor();
    await expect.poll(() => page.getByText(/^1200 × 800 px$/).count(), { timeout: 30_000 }).toBe(2);

    // A box on the first photo.
    await page.getByRole('button', { name: 'Keep this…' }).first().click();
    const frame = page.getByRole('dialog').getByTestId('focus-frame');
    // As a user does, draw once the picture is there (the server may be busy finding its faces).
    await expect
      .poll(() => frame.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 30_000 })
      .toBeGreaterThan(0);
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.6, { steps: 4 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Change box' }).waitFor();
    expect(await page.getByText('Box kept', { exact: true }).count()).toBe(1);

    await next(page, 'Formats');
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByText('0 formats selected').waitFor();
    await page.getByRole('button', { name: `Use my saved set (${picked} formats)` }).click();
    await page.getByText(`(${picked} selected)`).waitFor();
    await next(page, 'File type');
    await page.getByRole('button', { name: `Convert 2 photos to ${picked} formats` }).click();
    await page.getByText(new RegExp(`^Finished: ${2 * picked} done, 0 failed`)).waitFor({ timeout: 120_000 });
    expect(await page.getByText(/your box kept/).count()).toBe(1);
  }, 240_000);

  it('converts 10 photos to 8 formats, survives a refresh, and zips 80 files in 10 folders', async () => {
    const page = await visitor(browser);
    await becomeUnlimited(page);
    const dir = mkdtempSync(join(tmpdir(), 'sr-batch-'));
    const files: string[] = [];
    for (let i = 0; i < 10; i++) {
      const path = join(dir, `product-${i + 1}.jpg`);
      await sharp({
        create: { width: 900, height: 600, channels: 3, background: { r: 20 * i, g: 120, b: 200 - 15 * i } },
      })
        .jpeg({ quality: 85 })
        .toFile(path);
      files.push(path);
    }
    await page.goto(new URL('/batch', baseUrl()).href);
    await page.locator('#batch-files').setInputFiles(files);
    await expect.poll(() => page.getByText(/^900 × 600 px$/).count(), { timeout: 60_000 }).toBe(10);
    await next(page, 'Formats');

    // 3 Instagram, 3 Facebook and 2 LinkedIn formats.
    for (const [platform, count] of [
      ['Instagram', 3],
      ['Facebook', 3],
      ['LinkedIn', 2],
    ] as const) {
      await page.getByRole('tab', { name: new RegExp(`^${platform}`) }).click();
      const boxes = page.getByRole('tabpanel').getByRole('checkbox');
      for (let i = 0; i < count; i++) await boxes.nth(i).check();
    }
    await next(page, 'File type');
    await page.getByRole('button', { name: 'Convert 10 photos to 8 formats' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('id'), { timeout: 30_000 }).not.toBeNull();
    const id = new URL(page.url()).searchParams.get('id');

    // A refresh midway loses nothing: the batch lives on the server.
    await page.getByText(/of 80$/).waitFor({ timeout: 30_000 });
    await page.reload();
    await page.getByText(/of 80$/).waitFor();
    await page.getByText(/^Finished: 80 done, 0 failed, 0 remaining of 80$/).waitFor({ timeout: 180_000 });

    const link = page.getByRole('link', { name: /Download ZIP \(80 files\)/ });
    expect(await link.getAttribute('href')).toBe(`/api/batches/${id}/zip`);
    const zip = await page.request.get(`${baseUrl()}/api/batches/${id}/zip`);
    expect(zip.status()).toBe(200);
    const { 'checks.txt': _checks, ...entries } = unzipSync(new Uint8Array(await zip.body()));
    const names = Object.keys(entries);
    expect(names).toHaveLength(80);
    expect(new Set(names.map((n) => n.split('/')[0]))).toEqual(
      new Set(Array.from({ length: 10 }, (_, i) => `product-${i + 1}`)),
    );
    for (const [name, bytes] of Object.entries(entries)) {
      const [, w, h] = /-(\d+)x(\d+)\.\w+$/.exec(name) ?? [];
      const { width, height } = inspectImage(bytes);
      expect(`${width}x${height}`, name).toBe(`${w}x${h}`);
    }
  }, 300_000);
});
