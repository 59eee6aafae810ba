import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { baseUrl, CORPUS, launchBrowser } from './browser';
import { lowContrastText } from './layout';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('colour scheme', () => {
  it('follows the system: dark pages where every text reads (contrast 3:1 or more), light ones when the system is light', async () => {
    const pageIn = async (colorScheme: 'dark' | 'light') =>
      (await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme })).newPage();
    const dark = await pageIn('dark');
    for (const path of ['/', '/pricing', '/auth', '/help', '/blog', '/contact', '/forgot-password']) {
      await dark.goto(`${baseUrl()}${path}`);
      await dark.locator('main').first().waitFor();
      await dark.waitForLoadState('networkidle');
      expect(await lowContrastText(dark, 3), path).toEqual([]);
    }
    // Signed in: the avatar and the account page.
    const username = `dusk${Date.now().toString(36)}`;
    const registered = await dark.request.post(`${baseUrl()}/api/register`, {
      data: { username, email: `${username}@example.com`, password: 'correct horse', name: 'Dana Dusk' },
      // Its own address: registrations are limited per address and hour.
      headers: {
        Origin: baseUrl(),
        'CF-Connecting-IP': `10.66.${Date.now() % 250}.${Math.floor(Math.random() * 250)}`,
      },
    });
    expect(registered.status()).toBe(201);
    await dark.goto(`${baseUrl()}/account`);
    await dark.getByRole('button', { name: /Account menu/ }).waitFor();
    await dark.waitForLoadState('networkidle');
    expect(await lowContrastText(dark, 3), '/account').toEqual([]);
    const brightness = async (colorScheme: 'dark' | 'light') => {
      const page = colorScheme === 'dark' ? dark : await pageIn('light');
      await page.goto(`${baseUrl()}/pricing`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      return page.evaluate(() => {
        const probe = document.createElement('canvas').getContext('2d')!;
        probe.fillStyle = getComputedStyle(document.body).backgroundColor;
        probe.fillRect(0, 0, 1, 1);
        const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
        return (r! + g! + b!) / 3;
      });
    };
    expect(await brightness('dark')).toBeLessThan(60);
    expect(await brightness('light')).toBeGreaterThan(240);
  });
  it('keeps the tools readable in dark: the format cards, the fill choice and the box to keep', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    await context.setExtraHTTPHeaders({
      'CF-Connecting-IP': `10.67.${Date.now() % 250}.${Math.floor(Math.random() * 250)}`,
    });
    const page = await context.newPage();
    await page.goto(baseUrl());
    await page.locator('#single-image-file').setInputFiles(join(CORPUS, 'baseline.jpg'));
    await page.getByRole('img', { name: 'Your picture' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Next: Choose Format' }).click();
    await page.getByLabel(/^Zoom/).fill('0.5');
    await page.getByRole('radiogroup', { name: 'Fill' }).waitFor();
    await page.locator('label', { hasText: 'Solid colour' }).click();
    expect(await lowContrastText(page, 3), 'adjust step').toEqual([]);

    await page.goto(`${baseUrl()}/?tab=bannerAdjuster`);
    await page.locator('input[type=file]').setInputFiles(join(CORPUS, 'baseline.jpg'));
    await page.getByRole('img', { name: 'Your picture' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Next: Choose Format' }).click();
    await page.getByRole('heading', { name: 'Configure Banner Adjustment' }).waitFor();
    await page.getByRole('tabpanel').getByRole('checkbox').first().check();
    // As a user does, draw once the picture is there (the server may be busy finding its faces).
    await expect
      .poll(
        () =>
          page
            .getByTestId('focus-frame')
            .locator('img')
            .evaluate((img) => (img as HTMLImageElement).naturalWidth),
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await page.getByTestId('focus-frame').scrollIntoViewIfNeeded();
    const frame = (await page.getByTestId('focus-frame').boundingBox())!;
    await page.mouse.move(frame.x + 20, frame.y + 20);
    await page.mouse.down();
    await page.mouse.move(frame.x + 120, frame.y + 80, { steps: 3 });
    await page.mouse.up();
    await page.getByText(/Every format keeps this box whole/).waitFor();
    expect(await lowContrastText(page, 3), 'configure step').toEqual([]);
  });
});
