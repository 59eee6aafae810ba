/**
 * Every step of every tool survives a reload and Back with its picture, its choices and its
 * results, at 1280×800 and 375×812 (docs/product.md, "Work that survives"): the single tool, the
 * banner and profile adjusters, and the batch.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, becomeUnlimited, chooseFormat, CORPUS, launchBrowser, uploaded, visitor } from './browser';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;
const PORTRAIT = join(process.cwd(), 'test/fixtures/people/grace_hopper.jpg');
const PEOPLE = join(import.meta.dirname, '../fixtures/people');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function visitorAt(size: { width: number; height: number }): Promise<Page> {
  const page = await visitor(browser, { width: size.width });
  await page.setViewportSize(size);
  return page;
}

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const picture = (page: Page) => page.getByRole('img', { name: 'Your picture' });

/** Reloads and waits for the step to show `ready` again. */
async function reloadUntil(page: Page, ready: () => Promise<unknown>): Promise<void> {
  await page.reload();
  await ready();
}

describe('work that survives a reload and Back', () => {
  for (const size of SIZES) {
    const at = `${size.width}×${size.height}`;

    it(`keeps every step of the single tool (${at})`, async () => {
      const page = await visitorAt(size);
      await page.locator('#single-image-file').setInputFiles(join(CORPUS, 'baseline.jpg'));
      await uploaded(page);
      // The upload step, before there is any request: the photo stays.
      expect(param(page, 'upload')).toMatch(/^[0-9a-f-]{36}$/);
      await reloadUntil(page, () => uploaded(page));
      await page.getByText('baseline.jpg').first().waitFor();

      await page.getByRole('button', { name: 'Next: Choose Format' }).click();
      if (size.width < 1024) await page.getByRole('button', { name: 'Change format' }).click();
      await page.getByLabel('Search formats').fill('youtube thumbnail');
      await chooseFormat(page, /^YouTube: Video thumbnail \(16:9/);
      await page.getByLabel(/^Zoom/).fill('1.6');
      await expect.poll(() => param(page, 'request')).toMatch(/^[0-9a-f-]{36}$/);
      // The framing moved since the request was recorded: the address holds it once the hand rests.
      await expect.poll(() => param(page, 'frame')).toMatch(/,1\.60,/);
      await reloadUntil(page, () => page.getByText('Zoom: 1.60x').waitFor({ timeout: 30_000 }));
      expect(await page.getByRole('radio', { name: /^YouTube: Video thumbnail \(16:9/ }).isChecked()).toBe(true);
      // Back: the upload step, with the photo.
      await page.goBack();
      await picture(page).waitFor({ timeout: 30_000 });
      await page.goForward();
      await page.getByText('Zoom: 1.60x').waitFor({ timeout: 30_000 });

      await page.getByRole('button', { name: 'Next: Download' }).click();
      await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
      await reloadUntil(page, () => page.getByText('Ready to Download').waitFor({ timeout: 30_000 }));
      await page.getByText('1280 x 720 px').waitFor();
      await page.goBack();
      await page.getByText('Zoom: 1.60x').waitFor({ timeout: 30_000 });
      await page.goBack();
      await picture(page).waitFor({ timeout: 30_000 });
      expect(param(page, 'step')).toBe('upload');
    }, 150_000);

    it(`keeps every step of the banner adjuster, a fresh photo with no current format (${at})`, async () => {
      const page = await visitorAt(size);
      await page.goto(`${baseUrl()}/?tab=bannerAdjuster`);
      await page.locator('input[type=file]').setInputFiles(join(CORPUS, 'baseline.jpg'));
      await uploaded(page);
      await reloadUntil(page, () => uploaded(page));
      await page.getByRole('button', { name: 'Next: Choose Format' }).click();
      await page.getByRole('heading', { name: 'Configure Banner Adjustment' }).waitFor();

      // The configure step's picture and choices come back after a reload, not an empty upload.
      await page.getByRole('tab', { name: /^LinkedIn/ }).click();
      await page.getByRole('button', { name: 'Select All', exact: true }).click();
      await page.getByRole('tab', { name: /^YouTube/ }).click();
      await page.getByRole('tabpanel').getByRole('checkbox').first().check();
      await page.getByRole('switch', { name: 'Enable intelligent resizing' }).click();
      const selected = await page.getByText(/^\d+ selected$/).textContent();
      await expect.poll(() => param(page, 'ai')).toBe('off');
      await reloadUntil(page, () =>
        page.getByRole('heading', { name: 'Configure Banner Adjustment' }).waitFor({ timeout: 30_000 }),
      );
      await page.getByText(selected!, { exact: true }).waitFor();
      expect(await page.getByRole('switch', { name: 'Enable intelligent resizing' }).getAttribute('aria-checked')).toBe(
        'false',
      );
      expect(await page.getByLabel('Source platform').inputValue()).toBe('');

      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('All conversions have been completed successfully!').waitFor({ timeout: 90_000 });
      const results = await page.locator('li[data-testid^="result-"]').count();
      await reloadUntil(page, () =>
        page.getByText('All conversions have been completed successfully!').waitFor({ timeout: 90_000 }),
      );
      expect(await page.locator('li[data-testid^="result-"]').count()).toBe(results);
      // Back to Selection after the reload shows the formats the address lists.
      await page.getByRole('button', { name: 'Back to Selection' }).click();
      await page.getByRole('heading', { name: 'Configure Banner Adjustment' }).waitFor();
      await page.getByText(selected!, { exact: true }).waitFor();
      // Back and Forward walk the steps with the work in them.
      await page.goBack();
      await page.getByText('All conversions have been completed successfully!').waitFor({ timeout: 90_000 });
      await page.goBack();
      await page.getByText(selected!, { exact: true }).waitFor();
      await page.goBack();
      await picture(page).waitFor({ timeout: 30_000 });
    }, 240_000);

    it(`keeps every step of the profile adjuster (${at})`, async () => {
      const page = await visitorAt(size);
      await page.goto(`${baseUrl()}/?tab=profileAdjuster`);
      await page.locator('input[type=file]').setInputFiles(PORTRAIT);
      await uploaded(page);
      await page.getByRole('button', { name: 'Next: Choose Format' }).click();
      await page.getByRole('heading', { name: 'Configure Profile Picture Adjustment' }).waitFor();
      await page.getByLabel('Source platform').selectOption('facebook');
      await page.getByRole('tab', { name: /^Instagram/ }).click();
      await page.getByRole('tabpanel').getByRole('checkbox').first().check();
      await page.getByText('1 selected', { exact: true }).waitFor();
      await expect.poll(() => param(page, 'targets')).not.toBeNull();
      await reloadUntil(page, () => page.getByText('1 selected', { exact: true }).waitFor({ timeout: 30_000 }));
      expect(await page.getByLabel('Source platform').inputValue()).toBe('facebook');
      await page.getByAltText('Your profile picture, as a circle').waitFor();

      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('All conversions have been completed successfully!').waitFor({ timeout: 90_000 });
      await reloadUntil(page, () =>
        page.getByText('All conversions have been completed successfully!').waitFor({ timeout: 90_000 }),
      );
      await page.goBack();
      await page.getByText('1 selected', { exact: true }).waitFor();
      expect(await page.getByLabel('Source platform').inputValue()).toBe('facebook');
    }, 180_000);

    it(`keeps every step of the batch: photos, formats, file type and results (${at})`, async () => {
      const page = await visitorAt(size);
      await becomeUnlimited(page);
      await page.goto(`${baseUrl()}/batch`);
      await page
        .locator('#batch-files')
        .setInputFiles([join(PEOPLE, 'astronaut-landscape.jpg'), join(PEOPLE, 'grace_hopper.jpg')]);
      const ready = page.getByText(/^\d+ × \d+ px$/);
      await expect.poll(() => ready.count(), { timeout: 30_000 }).toBe(2);
      // The photos are on the server: a reload keeps them (drawn from its copies).
      await reloadUntil(page, () => expect.poll(() => ready.count(), { timeout: 30_000 }).toBe(2));
      await page.getByRole('button', { name: 'Next: Formats' }).click();
      await page.getByRole('tab', { name: /^Instagram/ }).click();
      await page.getByRole('tabpanel').getByRole('checkbox').first().check();
      await page.getByText('1 format selected').waitFor();
      await reloadUntil(page, () => page.getByText('1 format selected').waitFor({ timeout: 30_000 }));
      await page.getByRole('button', { name: 'Next: File type' }).click();
      await page.getByText('2 photos × 1 format = 2 files').waitFor();
      await page.getByRole('radio', { name: 'Solid colour' }).check();
      await reloadUntil(page, () => page.getByText('2 photos × 1 format = 2 files').waitFor({ timeout: 30_000 }));
      expect(await page.getByRole('radio', { name: 'Solid colour' }).isChecked()).toBe(true);
      await page.goBack();
      await page.getByText('1 format selected').waitFor();
      await page.goBack();
      await expect.poll(() => ready.count()).toBe(2);
      await page.goForward();
      await page.goForward();
      await page.getByRole('button', { name: 'Convert 2 photos to 1 format' }).click();
      await expect.poll(() => param(page, 'id'), { timeout: 30_000 }).not.toBeNull();
      const outputs = page.getByTestId('batch-output');
      await expect.poll(() => outputs.count()).toBe(2);
      await reloadUntil(page, () => expect.poll(() => outputs.count(), { timeout: 30_000 }).toBe(2));
      // Back from the results after a reload finds the form as it was.
      await page.goBack();
      await page.getByText('2 photos × 1 format = 2 files').waitFor({ timeout: 30_000 });
    }, 180_000);
  }
});
