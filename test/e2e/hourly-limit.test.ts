import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSIONS_PER_HOUR } from '../../shared/limits';
import { expectAccessibleInBothSchemes } from './axe';
import { baseUrl, CORPUS, launchBrowser, uploaded, visitor } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Banner targets (catalogue ids) a Twitter header converts to. */
const TARGETS = [2, 20, 36, 61, 69];

/**
 * Uses up the visitor's hourly conversions through the API from the same address, as earlier runs
 * would have: a small header converted to five targets at as many qualities as the limit takes
 * (each quality is a file of its own, so each counts).
 */
async function useUpConversions(page: Page): Promise<void> {
  const api = page.request;
  const uploaded = await api.post(`${baseUrl()}/api/upload`, {
    headers: { Origin: baseUrl() },
    multipart: { image: { name: 'earlier.png', mimeType: 'image/png', buffer: readFileSync(join(CORPUS, 'rgb.png')) } },
  });
  expect(uploaded.status()).toBe(201);
  const { path, width, height } = (await uploaded.json()) as { path: string; width: number; height: number };
  const created = await api.post(`${baseUrl()}/api/image-requests`, {
    headers: { Origin: baseUrl() },
    data: {
      originalFilename: 'earlier.png',
      originalPath: path,
      platform: 'twitter',
      format: 'header',
      width: 1500,
      height: 500,
      cropDetails: { x: 0, y: 0, width, height, zoom: 1 },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const runs = CONVERSIONS_PER_HOUR.anonymous / TARGETS.length;
  for (let run = 0; run < runs; run++) {
    const started = await api.post(`${baseUrl()}/api/banner-convert/${id}`, {
      headers: { Origin: baseUrl() },
      data: {
        sourceFormatId: 29,
        targetFormatIds: TARGETS,
        useAi: false,
        output: { type: 'jpeg', quality: 40 + run },
        fill: { kind: 'blur' },
      },
    });
    expect(started.status(), await started.text()).toBe(202);
  }
}

describe('the hourly limit in Chromium', () => {
  it('says on the page what the limit is, when it resets and what raises it, and leaves nothing busy', async () => {
    const page = await visitor(browser);
    await useUpConversions(page);

    await page.goto(`${baseUrl()}/?tab=bannerAdjuster`);
    await page.locator('input[type=file]').setInputFiles(join(CORPUS, 'baseline.jpg'));
    await uploaded(page);
    await page.getByRole('button', { name: 'Next: Choose Format' }).click();
    await page.getByRole('heading', { name: 'Configure Banner Adjustment' }).waitFor();
    await page.getByLabel('Source platform').selectOption('twitter');
    await page.getByRole('tabpanel').getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Back on the configure step, the notice beside Continue: no toast, no spinner, no result card.
    const notice = page.getByTestId('limit-notice');
    await notice.waitFor();
    const text = (await notice.textContent()) ?? '';
    expect(text).toContain(`up to ${CONVERSIONS_PER_HOUR.anonymous} formats an hour`);
    expect(text).toMatch(/It resets at .+ \(in (60|59|58) minutes\)/);
    expect(text).toContain(`for up to ${CONVERSIONS_PER_HOUR.registered} formats an hour`);
    await expect.poll(() => notice.getByRole('link', { name: /Sign in/ }).getAttribute('href')).toBe('/auth');
    expect(await notice.getByRole('link', { name: 'Unlimited Access' }).getAttribute('href')).toBe('/unlimited-access');
    expect(await page.getByRole('button', { name: 'Continue' }).isEnabled()).toBe(true);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /Processing|Converting/ })
        .count(),
    ).toBe(0);
    expect(await page.getByText('Processing failed').count()).toBe(0);
    expect(await notice.isVisible()).toBe(true);
    await expectAccessibleInBothSchemes(page, 'the hourly limit notice');
  });
});
