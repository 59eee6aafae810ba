import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_FORMATS, type PlatformFormat } from '../../shared/formats';
import { expectAccessibleInBothSchemes } from './axe';
import { baseUrl, CORPUS, escapeRegExp, launchBrowser, uploadAndAdjust, visitor } from './browser';
import { expectOnScreen } from './layout';

/**
 * The Single Image tool as a new user meets it (docs/product.md, "Single Image tool"): its steps
 * in the browser's history, each step's main action and what it acts on on the first screen, several
 * other formats at once, and framing a story on a phone.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
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

const stepInAddress = (page: Page) => new URL(page.url()).searchParams.get('step');

describe('the Single Image tool’s steps', () => {
  it('puts each step in the history: Back and Forward move between them, a reload stays on each', async () => {
    const page = await visitorAt(DESKTOP);
    await expectAccessibleInBothSchemes(page, 'upload step');
    await uploadAndAdjust(page, join(CORPUS, 'baseline.jpg'));
    expect(stepInAddress(page)).toBe('adjust');
    await page.getByLabel(/^Zoom/).fill('1.6');
    await expect.poll(() => new URL(page.url()).searchParams.get('request')).toMatch(/^[0-9a-f-]{36}$/);
    await expectAccessibleInBothSchemes(page, 'adjust step');

    await page.getByRole('button', { name: 'Next: Download' }).click();
    await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
    expect(stepInAddress(page)).toBe('download');
    await expectAccessibleInBothSchemes(page, 'download step');
    await page.reload();
    await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
    await page.getByText('1584 x 396 px').waitFor();

    // Back: the framing as it was; Back again: the picture, with Next.
    await page.goBack();
    await page.getByRole('heading', { name: 'Adjust Image & Choose Format' }).waitFor();
    await page.getByText('Zoom: 1.60x').waitFor();
    expect(stepInAddress(page)).toBe('adjust');
    await page.reload();
    await page.getByText('Zoom: 1.60x').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('radio', { name: /^LinkedIn: Personal profile background/ }).isChecked()).toBe(true);
    await page.goBack();
    await page.getByRole('img', { name: 'Your picture' }).waitFor();
    expect(stepInAddress(page)).toBe('upload');
    expect(await page.getByRole('button', { name: 'Next: Choose Format' }).isEnabled()).toBe(true);
    await page.reload();
    await page.getByRole('img', { name: 'Your picture' }).waitFor({ timeout: 30_000 });
    await expectAccessibleInBothSchemes(page, 'upload step with a picture');

    // Forward returns, step by step.
    await page.goForward();
    await page.getByText('Zoom: 1.60x').waitFor({ timeout: 30_000 });
    await page.goForward();
    await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
    expect(stepInAddress(page)).toBe('download');

    // Start Over is a step too: Back brings the work back.
    await page.getByRole('button', { name: 'Start Over' }).click();
    await page.getByRole('button', { name: 'Browse Files' }).waitFor();
    expect(new URL(page.url()).searchParams.get('request')).toBeNull();
    await page.goBack();
    await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });

    // A step that cannot be shown (a download of nothing) opens the upload step and says so in the address.
    const other = await visitorAt(DESKTOP);
    await other.goto(`${baseUrl()}/?step=download`);
    await other.getByRole('button', { name: 'Browse Files' }).waitFor();
    await expect.poll(() => stepInAddress(other)).toBe('upload');
  }, 120_000);

  for (const size of [DESKTOP, PHONE]) {
    it(`shows each step's main action and what it acts on without scrolling at ${size.width}×${size.height}`, async () => {
      const page = await visitorAt(size);
      const where = (step: string) => `${step} at ${size.width}×${size.height}`;
      await page.locator('#single-image-file').setInputFiles(join(CORPUS, 'phone-4032x3024-orientation-6.jpg'));
      await page.getByRole('img', { name: 'Your picture' }).waitFor({ timeout: 30_000 });
      await expectOnScreen(where('upload'), {
        picture: page.getByRole('img', { name: 'Your picture' }),
        next: page.getByRole('button', { name: 'Next: Choose Format' }),
      });

      await page.getByRole('button', { name: 'Next: Choose Format' }).click();
      await page.getByTestId('crop-preview').locator('img').waitFor();
      const framing = {
        frame: page.getByTestId('crop-preview'),
        zoom: page.getByLabel(/^Zoom/),
        next: page.getByRole('button', { name: 'Next: Download' }),
        ...(size === DESKTOP ? { preview: page.getByRole('img', { name: /as it will be$/ }) } : {}),
      };
      await expectOnScreen(where('adjust, the suggested format'), framing);
      // A tall format, chosen from the list: the framing is in view again (on a phone it is above the list).
      await page.getByLabel('Search formats').fill('instagram story');
      await page.locator('label', { has: page.getByRole('radio', { name: /^Instagram: Story/ }) }).click();
      await expectOnScreen(where('adjust, a story'), framing);
      await expectAccessibleInBothSchemes(page, where('adjust step'));

      await page.getByRole('button', { name: 'Next: Download' }).click();
      await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
      await expectOnScreen(where('download'), {
        // A JPEG shows as the quality's before and after (docs/product.md, "Quality preview").
        picture: page.getByRole('group', { name: /^Before and after/ }),
        download: page.getByRole('button', { name: 'Download Now' }),
      });
      await expectAccessibleInBothSchemes(page, where('download step'));
    }, 90_000);
  }

  it('ticks three other formats and gets them together, as one ZIP of files at their sizes', async () => {
    const page = await visitorAt(DESKTOP);
    await uploadAndAdjust(page, join(CORPUS, 'baseline.jpg'));
    await page.getByRole('button', { name: 'Next: Download' }).click();
    await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });

    const [thumbnail, header, story] = (['youtube_thumbnail', 'twitter_header', 'instagram_story'] as const).map(
      (key) => PLATFORM_FORMATS.find((f) => f.key === key)!,
    ) as [PlatformFormat, PlatformFormat, PlatformFormat];
    const wanted = [thumbnail, header, story];
    const section = page.getByRole('region', { name: 'Other formats' });
    const box = (format: PlatformFormat) =>
      section.getByRole('checkbox', {
        name: new RegExp(`^${escapeRegExp(format.description)}`),
      });
    // One from a platform's tab, two found by search.
    await section.getByRole('tab', { name: 'YouTube' }).click();
    await box(thumbnail).check();
    await expect.poll(() => section.getByRole('tab', { name: 'YouTube (1)' }).count()).toBe(1);
    await section.getByLabel('Search other formats').fill('x header');
    await box(header).check();
    await section.getByLabel('Search other formats').fill('instagram story');
    await box(story).check();
    await section.getByText('3 formats ticked').waitFor();
    await expectAccessibleInBothSchemes(page, 'download step, three other formats ticked');

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      section.getByRole('button', { name: 'Download 3 formats (ZIP)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const { 'checks.txt': checks, ...files } = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(new TextDecoder().decode(checks).match(/\n {2}Ready for /g)).toHaveLength(3);
    const sizes = await Promise.all(
      Object.values(files).map(async (bytes) => {
        const meta = await sharp(bytes).metadata();
        return `${meta.width}x${meta.height}`;
      }),
    );
    expect(sizes.sort()).toEqual(wanted.map((f) => `${f.width}x${f.height}`).sort());
    // Each stays listed with its own download, and all of them again as one ZIP.
    const made = page.getByRole('list', { name: 'Other formats made' });
    await expect.poll(() => made.getByRole('listitem').count()).toBe(3);
    await section.getByRole('button', { name: 'Download all 3 (ZIP)' }).waitFor();
  }, 90_000);

  it('frames a story on a phone with a frame most of the screen wide and a slider a thumb can use', async () => {
    const page = await visitorAt(PHONE);
    await page.locator('#single-image-file').setInputFiles(join(CORPUS, 'phone-4032x3024-orientation-6.jpg'));
    await page.getByRole('img', { name: 'Your picture' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Next: Choose Format' }).click();
    await page.getByRole('button', { name: 'Change format' }).click();
    await page.getByLabel('Search formats').fill('instagram story');
    await page.locator('label', { has: page.getByRole('radio', { name: /^Instagram: Story/ }) }).click();

    const frame = page.locator('.reactEasyCrop_CropArea');
    await expect.poll(async () => (await frame.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(0.6 * PHONE.width);
    const slider = page.getByLabel(/^Zoom/);
    await expectOnScreen('story on a phone', { frame, slider, label: page.getByText(/^Zoom: /) });
    // Tall enough for a thumb, its end labels whole on screen.
    const track = (await slider.boundingBox())!;
    expect(track.height).toBeGreaterThanOrEqual(24);
    for (const tick of ['0.5x', '3x']) {
      const box = (await page.getByText(tick, { exact: true }).boundingBox())!;
      expect(box.x, tick).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, tick).toBeLessThanOrEqual(PHONE.width);
    }
    // A tap near the slider's right end zooms in; the label follows.
    await page.mouse.click(track.x + track.width * 0.8, track.y + track.height / 2);
    await expect
      .poll(async () => Number((await page.getByText(/^Zoom: /).textContent())?.match(/[\d.]+/)?.[0]))
      .toBeGreaterThan(2.2);
    await expectAccessibleInBothSchemes(page, 'story framed on a phone');
  }, 90_000);
});
