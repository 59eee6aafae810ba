/**
 * A size of the user's own in Chromium (docs/product.md, "Custom sizes"): added in the Single Image
 * tool at 1280×800 and 375×812, made and downloaded at its exact size, type and cap, remembered
 * after a reload and offered in the batch and the banner adjuster (where it must be banner-shaped).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothSchemes } from './axe';
import { baseUrl, CORPUS, launchBrowser, uploaded, visitor } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function addSize(page: Page, width: string, height: string, type: string, cap: string) {
  const form = page.getByRole('group', { name: 'A size of your own' });
  await form.getByLabel('Width (px)').fill(width);
  await form.getByLabel('Height (px)').fill(height);
  await form.getByLabel('File type').selectOption({ label: type });
  await form.getByLabel('Limit (KB, optional)').fill(cap);
  await form.getByRole('button', { name: 'Add size' }).click();
}

describe('a custom size in Chromium', () => {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ])
    it(`makes 1234 × 567 JPEG under 150 KB and remembers it (${size.width}×${size.height})`, async () => {
      const page = await visitor(browser, { width: size.width });
      await page.setViewportSize(size);
      await page.locator('#single-image-file').setInputFiles(join(CORPUS, 'baseline.jpg'));
      await uploaded(page);
      await page.getByRole('button', { name: 'Next: Choose Format' }).click();
      await page.getByRole('heading', { name: 'Adjust Image & Choose Format' }).first().waitFor();

      // What the engine cannot make is refused on the spot, saying why.
      await addSize(page, '5000', '100', 'Auto', '');
      await page.getByRole('alert').filter({ hasText: 'from 16 to 4096' }).waitFor();
      await addSize(page, '1234', '567', 'JPEG', '150');
      const chosen = page.getByRole('radio', { name: /^Custom size: Custom 1234 × 567 JPEG, at most 150 KB/ });
      await expect.poll(() => chosen.isChecked()).toBe(true);
      await expectAccessibleInBothSchemes(page, `the custom size at ${size.width}`);

      await page.getByRole('button', { name: 'Next: Download' }).click();
      await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
      await expect
        .poll(() => page.getByTestId('file-check').first().textContent(), { timeout: 30_000 })
        .toMatch(/Ready for Custom size: 1234×567 JPEG, \d+ KB of 150 KB/);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download Now' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('baseline-custom-size-1234x567-jpeg-max-150kb.jpg');
      const bytes = readFileSync(await download.path());
      expect(bytes.length).toBeLessThanOrEqual(150_000);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1234, height: 567 });

      // Remembered on this browser: after a reload the banner adjuster offers it (it is banner-shaped).
      await page.goto(`${baseUrl()}/?tab=bannerAdjuster`);
      await page.locator('input[type=file]').setInputFiles(join(CORPUS, 'baseline.jpg'));
      await uploaded(page);
      await page.getByRole('button', { name: 'Next: Choose Format' }).click();
      await page.getByRole('heading', { name: 'Configure Banner Adjustment' }).waitFor();
      await page
        .getByRole('tablist', { name: 'Target platforms' })
        .getByRole('tab', { name: /^Custom size/ })
        .click();
      await page
        .getByRole('tabpanel')
        .getByRole('checkbox', { name: /Custom 1234 × 567 JPEG/ })
        .waitFor();
      // A square is no banner: refused here, saying why.
      await addSize(page, '800', '800', 'Auto', '');
      await page.getByRole('alert').filter({ hasText: 'at least 16:9' }).waitFor();
    });
});
