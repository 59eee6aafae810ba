import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothSchemes } from './axe';
import { chooseFormat, CORPUS, cspViolations, launchBrowser, uploadAndAdjust, visitor } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The download step of the LinkedIn banner made from `path`. */
async function downloadStep(page: Page, path: string): Promise<void> {
  await uploadAndAdjust(page, path);
  await page.getByRole('button', { name: 'Next: Download' }).click();
  await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
}

/** Moves the quality slider as a keyboard or a drag does, and gives the ms until the new size shows. */
async function changeQuality(page: Page, quality: number): Promise<{ ms: number; text: string }> {
  const slider = page.getByRole('slider', { name: 'Quality' });
  const before = await page.getByTestId('quality-size').textContent();
  const started = Date.now();
  await slider.fill(String(quality));
  await expect
    .poll(() => page.getByTestId('quality-size').textContent(), { interval: 20, timeout: 10_000 })
    .toMatch(/^About \d+ KB/);
  await expect.poll(() => page.getByTestId('quality-size').textContent(), { interval: 20 }).not.toBe(before);
  return { ms: Date.now() - started, text: (await page.getByTestId('quality-size').textContent()) ?? '' };
}

describe('the quality preview in Chromium', () => {
  it('shows a JPEG quality before and after, with the size within half a second, and zooms in', async () => {
    const page = await visitor(browser);
    // A real-sized photo (4032×3024, upright after EXIF orientation 6).
    await downloadStep(page, join(CORPUS, 'phone-4032x3024-orientation-6.jpg'));
    await page.getByRole('radio', { name: 'JPEG' }).check();
    await page.getByRole('slider', { name: 'Quality' }).fill('80');
    await expect
      .poll(() => page.getByTestId('quality-size').textContent(), { timeout: 20_000 })
      .toMatch(/^About \d+ KB$/);
    const at80 = Number(await page.getByTestId('quality-size').getAttribute('data-bytes'));

    const { ms } = await changeQuality(page, 40);
    expect(ms).toBeLessThan(500);
    const at40 = Number(await page.getByTestId('quality-size').getAttribute('data-bytes'));
    expect(at40).toBeLessThan(at80);

    // Before and after over the same view, the after labelled with the quality it shows.
    const compare = page.getByTestId('quality-compare');
    await compare.getByRole('img', { name: 'Before: your picture uncompressed' }).waitFor();
    await compare.getByRole('img', { name: 'After: JPEG, quality 40' }).waitFor();
    // The two halves differ (the after is the decoded JPEG, not the same pixels).
    const split = compare.getByRole('slider', { name: 'Before and after split' });
    expect(await split.getAttribute('aria-valuenow')).toBe('50');
    await split.press('ArrowLeft');
    expect(await split.getAttribute('aria-valuenow')).toBe('45');

    // The server's file at quality 40 is near the estimate (docs/product.md, "Quality preview").
    await expect
      .poll(() => page.getByTestId('file-format').textContent(), { timeout: 30_000 })
      .toBe('JPEG, quality 40');
    const serverKb = Number((await page.getByTestId('file-size').textContent())?.replace(/ KB$/, ''));
    expect(Math.abs(at40 / 1024 - serverKb) / serverKb).toBeLessThan(0.1);

    // Zoom in to see the artefacts, then pan.
    const view = compare.getByRole('group', { name: /^Before and after/ });
    const fit = Number(await view.getAttribute('data-zoom'));
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    const zoomed = Number(await view.getAttribute('data-zoom'));
    expect(zoomed).toBeGreaterThan(fit * 2);
    expect(await page.getByTestId('quality-zoom').textContent()).toMatch(/% of the file's pixels$/);
    const canvas = compare.getByRole('img', { name: 'Before: your picture uncompressed' });
    const moved = await canvas.evaluate((c) => getComputedStyle(c).transform);
    const box = await view.boundingBox();
    if (!box) throw new Error('no view');
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2 + 10, { steps: 4 });
    await page.mouse.up();
    expect(await canvas.evaluate((c) => getComputedStyle(c).transform)).not.toBe(moved);
    // A JPEG preview has nothing transparent: no checkerboard anywhere in the step.
    expect(await page.locator('[data-checkerboard="true"]').count()).toBe(0);
    await expectAccessibleInBothSchemes(page, 'download step, JPEG quality preview zoomed');

    // The step's primary button and the view it acts on, on screen without scrolling.
    const download = page.getByRole('button', { name: 'Download Now' });
    expect(await download.isVisible()).toBe(true);
    expect(await cspViolations(page)).toEqual([]);
  });

  it('shows a PNG with transparency on a checkerboard, and the framing preview of a JPEG without one', async () => {
    const page = await visitor(browser);
    await downloadStep(page, join(CORPUS, 'rgba.png'));
    await page.getByRole('radio', { name: 'PNG' }).check();
    await expect
      .poll(() => page.getByTestId('file-format').textContent(), { timeout: 30_000 })
      .toBe('PNG (lossless, keeps transparency)');
    await expect.poll(() => page.locator('[data-checkerboard="true"]').count(), { timeout: 10_000 }).toBe(1);
    // PNG loses nothing: no quality, no before/after.
    expect(await page.getByTestId('quality-compare').count()).toBe(0);
    await expectAccessibleInBothSchemes(page, 'download step, transparent PNG');

    // JPEG chosen: the file is flattened on white and shown without a checkerboard, in the step and
    // back in the framing preview.
    await page.getByRole('radio', { name: 'JPEG' }).check();
    await expect.poll(() => page.locator('[data-checkerboard="true"]').count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('button', { name: 'Back to Edit' }).click();
    await page.getByRole('img', { name: /as it will be$/ }).waitFor();
    expect(
      await page.locator('[aria-label="Output preview"] [data-checkerboard]').getAttribute('data-checkerboard'),
    ).toBe('false');
  });

  it('shows the view, the quality slider and the size on one phone screen, for the tallest format', async () => {
    const page = await visitor(browser, { width: 375 });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.locator('#single-image-file').setInputFiles(join(CORPUS, 'phone-4032x3024-orientation-6.jpg'));
    await page.getByRole('button', { name: 'Next: Choose Format' }).click({ timeout: 30_000 });
    await page.getByLabel('Platform').selectOption('instagram');
    await chooseFormat(page, /^Instagram: Story/);
    await page.getByRole('button', { name: 'Next: Download' }).click();
    await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
    await page.getByRole('radio', { name: 'JPEG' }).check();
    await expect
      .poll(() => page.getByTestId('quality-size').textContent(), { timeout: 20_000 })
      .toMatch(/^About \d+ KB$/);
    const view = await page.getByTestId('quality-compare').boundingBox();
    const size = await page.getByTestId('quality-size').boundingBox();
    const download = await page.getByRole('button', { name: 'Download Now' }).boundingBox();
    if (!view || !size || !download) throw new Error('the step is missing its view, size or button');
    expect(view.width <= 375 && view.x >= 0).toBe(true);
    // From the view's top to the size under the slider fits under the site's header (64 px).
    expect(size.y + size.height - view.y).toBeLessThanOrEqual(812 - 64);
    expect(download.y).toBeGreaterThan(view.y);
    expect(download.y + download.height).toBeLessThan(size.y + size.height);
    await expectAccessibleInBothSchemes(page, 'download step on a phone, JPEG quality preview');
  });
});
