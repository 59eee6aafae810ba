import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PAGES, ARTICLE_SLUGS } from '../../shared/pages';
import { baseUrl, chooseFormat, CORPUS, launchBrowser, uploadAndAdjust, visitor } from './browser';
import { layoutProblems } from './layout';

/**
 * Every page and every step of the tools at a 375 px phone: nothing scrolls sideways, sticks out,
 * overlaps, or wraps where it must not (test/e2e/layout.ts says what is measured).
 */

const PHONE = 375;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function expectTidy(page: Page, where: string): Promise<void> {
  // Fonts and images settle the layout first.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
  expect(await layoutProblems(page), where).toEqual([]);
}

const PATHS = [
  ...APP_PAGES,
  `/blog/${ARTICLE_SLUGS[0]}`,
  '/formats/app-store',
  '/checkout/00000000-0000-4000-8000-000000000000',
  '/reset-password?token=not-a-real-token-but-long-enough',
  '/no-such-page',
];

describe('a 375 px phone', () => {
  it('shows every page tidily, signed out and signed in', async () => {
    const page = await visitor(browser, { width: PHONE });
    for (const path of PATHS) {
      await page.goto(`${baseUrl()}${path}`);
      await expectTidy(page, `signed out ${path}`);
    }
    const username = `phone${Date.now().toString(36)}`;
    const registered = await page.request.post(`${baseUrl()}/api/register`, {
      data: { username, email: `${username}@example.com`, password: 'correct horse', name: 'Margaret Hamilton-Smith' },
      headers: { Origin: baseUrl() },
    });
    expect(registered.status()).toBe(201);
    for (const path of PATHS) {
      await page.goto(`${baseUrl()}${path}`);
      await expectTidy(page, `signed in ${path}`);
    }
  }, 180_000);

  it('shows every step of the Single Image tool tidily, a profile circle and the other formats included', async () => {
    const page = await visitor(browser, { width: PHONE });
    await expectTidy(page, 'upload step');
    await uploadAndAdjust(page, join(CORPUS, 'baseline.jpg'));
    await expectTidy(page, 'adjust step, LinkedIn banner');
    await page.getByLabel('Search formats').fill('profile photo');
    await chooseFormat(page, /^LinkedIn: Personal profile photo/);
    await expectTidy(page, 'adjust step, a profile circle');
    await page.getByLabel(/^Zoom/).fill('0.5');
    await page.locator('label', { hasText: 'Solid colour' }).click();
    await expectTidy(page, 'adjust step, zoomed out with a colour fill');
    await page.getByRole('button', { name: 'Next: Download' }).click();
    await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
    await expectTidy(page, 'download step');
  }, 90_000);

  it('shows every step of both adjusters tidily', async () => {
    for (const [tab, heading, results] of [
      ['bannerAdjuster', 'Configure Banner Adjustment', 'Banner Conversion Results'],
      ['profileAdjuster', 'Configure Profile Picture Adjustment', 'Profile Picture Conversion Results'],
    ] as const) {
      const page = await visitor(browser, { width: PHONE });
      await page.goto(`${baseUrl()}/?tab=${tab}`);
      await expectTidy(page, `${tab} upload`);
      await page.locator('input[type=file]').setInputFiles(join(CORPUS, 'baseline.jpg'));
      await page
        .getByRole('img', { name: 'Your picture' })
        .waitFor({ timeout: 30_000 })
        .catch(() => undefined);
      await expect.poll(() => page.getByRole('button', { name: 'Next: Choose Format' }).isEnabled()).toBe(true);
      await expectTidy(page, `${tab} uploaded`);
      await page.getByRole('button', { name: 'Next: Choose Format' }).click();
      await page.getByRole('heading', { name: heading }).waitFor();
      await expectTidy(page, `${tab} configure`);
      // A box to keep, with its previews and the fill choice.
      await page.getByTestId('focus-frame').scrollIntoViewIfNeeded();
      const frame = (await page.getByTestId('focus-frame').boundingBox())!;
      await page.mouse.move(frame.x + 10, frame.y + 10);
      await page.mouse.down();
      await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2, { steps: 3 });
      await page.mouse.up();
      await page.getByText(/Every format (keeps this box whole|centres on this point)/).waitFor();
      await expectTidy(page, `${tab} configure with a box`);
      // Back to what was found (or to no box, when nothing was).
      await page.getByRole('button', { name: /^(Clear|Use detected)$/ }).click();
      // Either may be a fresh photo ('None: a new photo'); the banner here names where it is used.
      if (tab === 'bannerAdjuster') {
        await page.getByLabel('Source platform').selectOption('twitter');
        await page.getByLabel('Source format').selectOption({ index: 1 });
      }
      await page.getByRole('tabpanel').getByRole('checkbox').first().check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: results }).waitFor();
      await page
        .getByText(/completed successfully|Ready to download/)
        .first()
        .waitFor({ timeout: 60_000 });
      await expectTidy(page, `${tab} results`);
    }
  }, 120_000);
});
