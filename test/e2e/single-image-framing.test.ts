/**
 * The Single Image tool's first framing in Chromium (docs/product.md, "Single Image tool"): a
 * group photo opens framed on what it shows, at 1280×800 and 375×812, for the suggested format and
 * after a switch to a story, where a centred crop would cut both heads; the crop the page records
 * (as the cropper reports it) holds every face the server detected.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CropRect } from '@social-resizer/engine/plan/crop';
import type { DetectionResponse, ImageRequestResponse } from '../../shared/schemas';
import { chooseFormat, launchBrowser, uploaded, visitor } from './browser';

/** Two people side by side, a real photograph (test/fixtures/people/README.md). */
const PAIR = join(import.meta.dirname, '../fixtures/people/obama-biden-pair.jpg');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The next image request the page records (it records one as each format gets its first framing). */
function nextRecorded(page: Page): Promise<ImageRequestResponse> {
  return page
    .waitForResponse((r) => r.url().endsWith('/api/image-requests') && r.request().method() === 'POST', {
      timeout: 30_000,
    })
    .then((r) => r.json() as Promise<ImageRequestResponse>);
}

const holds = (crop: CropRect, box: CropRect) =>
  box.x >= crop.x &&
  box.y >= crop.y &&
  box.x + box.width <= crop.x + crop.width &&
  box.y + box.height <= crop.y + crop.height;

describe('the Single Image tool frames a group photo on its faces', () => {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ])
    it(`opens on a crop that holds every head, and again after a switch to a story (${size.width}×${size.height})`, async () => {
      const page = await visitor(browser, { width: size.width });
      await page.setViewportSize(size);
      await page.locator('#single-image-file').setInputFiles(PAIR);
      await uploaded(page);
      const opened = nextRecorded(page);
      await page.getByRole('button', { name: 'Next: Choose Format' }).click();
      await page.getByTestId('crop-preview').locator('img').first().waitFor();
      const first = await opened;

      const { detection } = await page.evaluate(
        async (id) => (await fetch(`/api/upload/${id}/detection`)).json() as Promise<DetectionResponse>,
        first.upload.id,
      );
      expect(detection.source).toBe('models');
      expect(detection.faces).toHaveLength(2);
      for (const face of detection.faces) expect(holds(first.cropDetails, face)).toBe(true);

      // A story: the centred crop at the old default zoom would cut both heads.
      const story = nextRecorded(page);
      await page.getByLabel('Platform').selectOption('instagram');
      await chooseFormat(page, /^Instagram: Story/);
      const switched = await story;
      expect(switched.formatId).not.toBe(first.formatId);
      for (const face of detection.faces) expect(holds(switched.cropDetails, face)).toBe(true);
      await page.getByTestId('crop-preview').locator('img').first().waitFor();
    });

  it('frames the format it opened on when the detection comes after the adjust step, and the page stays up', async () => {
    const page = await visitor(browser, { width: 1280 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The detection is held back until the adjust step shows its format without a framing.
    let letGo = () => {};
    const released = new Promise<void>((resolve) => (letGo = resolve));
    await page.route('**/api/upload/*/detection', async (route) => {
      await released;
      await route.continue();
    });
    await page.locator('#single-image-file').setInputFiles(PAIR);
    await uploaded(page);
    await page.getByRole('button', { name: 'Next: Choose Format' }).click();
    await page.getByRole('heading', { name: 'Adjust Image & Choose Format' }).first().waitFor();
    await expect.poll(() => page.getByRole('radio', { checked: true }).count()).toBeGreaterThan(0);
    const recorded = nextRecorded(page);
    letGo();
    const first = await recorded;
    const { detection } = await page.evaluate(
      async (id) => (await fetch(`/api/upload/${id}/detection`)).json() as Promise<DetectionResponse>,
      first.upload.id,
    );
    expect(detection.faces).toHaveLength(2);
    for (const face of detection.faces) expect(holds(first.cropDetails, face)).toBe(true);
    await page.getByTestId('crop-preview').locator('img').first().waitFor();
    expect(errors).toEqual([]);
  });
});
