/**
 * Text that fits where it is drawn, at 1280×800 and 375×812: the file-type cards' notes inside their
 * borders, the quality view's Before and After named above the picture (not over a logo filling
 * it), and the step indicator under no notification once a picture is uploaded.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS, launchBrowser, uploaded, visitor } from './browser';
import { offScreen } from './layout';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('text that fits', () => {
  for (const size of SIZES) {
    it(`keeps notes in their cards and captions off the picture (${size.width}×${size.height})`, async () => {
      const page = await visitor(browser, { width: size.width });
      await page.setViewportSize(size);
      await page.locator('#single-image-file').setInputFiles(join(CORPUS, 'rgba.png'));
      await uploaded(page);
      // Nothing covers the step indicator once the picture is up.
      expect(await offScreen(page.getByRole('list', { name: 'Progress' }))).toBeNull();

      await page.getByRole('button', { name: 'Next: Choose Format' }).click();
      await page.getByRole('button', { name: 'Next: Download' }).click();
      await page.getByRole('heading', { name: /^(Ready to Download|Get this image)$/ }).waitFor({ timeout: 30_000 });
      // Every file-type card holds its own text: no word runs over its border.
      const overflowing = await page
        .getByRole('radiogroup', { name: 'File type' })
        .locator('label')
        .evaluateAll((labels) =>
          labels
            .filter((label) => label.scrollWidth > label.clientWidth + 1)
            .map((label) => `${label.textContent} (${label.scrollWidth} > ${label.clientWidth})`),
        );
      expect(overflowing).toEqual([]);

      // A lossy file shows its before and after: their names sit above the picture, not over it.
      await page.getByRole('radio', { name: 'JPEG' }).check();
      const view = page.getByRole('group', { name: /^Before and after/ });
      await view.waitFor({ timeout: 20_000 });
      const frame = (await view.boundingBox())!;
      for (const name of ['Before', /^JPEG, quality \d+$/]) {
        const label = (await page.getByTestId('quality-compare').getByText(name).first().boundingBox())!;
        expect(label.y + label.height, String(name)).toBeLessThanOrEqual(frame.y + 1);
      }
    }, 90_000);
  }
});
