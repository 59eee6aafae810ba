import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { PLATFORM_FORMATS } from '../../shared/formats';
import { platformName } from '../../shared/platforms';
import { expectAccessibleInBothSchemes } from './axe';
import {
  appReady,
  baseUrl,
  CORPUS,
  cspViolations,
  escapeRegExp,
  launchBrowser,
  newPage,
  uploaded,
  visitor,
} from './browser';
import { layoutProblems } from './layout';

/** The formats guide (docs/product.md, "Formats guide"): readable before any script, one click to the tool. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

const LINKEDIN = PLATFORM_FORMATS.filter((f) => f.platform === 'linkedin');
const BANNER = LINKEDIN.find((f) => f.key === 'linkedin_profile_banner')!;

describe('the formats guide in Chromium', () => {
  it('is served drawn: the sizes, the title and the sharing tags are in the HTML; an unknown platform is 404', async () => {
    const res = await fetch(`${baseUrl()}/formats/linkedin`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title data-prerendered="">LinkedIn image sizes | Social Resizer</title>');
    for (const format of LINKEDIN) expect(html).toContain(`${format.width} × ${format.height} px`);
    expect(html).toContain(`/?tab=singleImage&amp;format=${BANNER.id}`);
    expect(html).toMatch(/<meta[^>]*property="og:title" content="LinkedIn image sizes \| Social Resizer"/);
    // The worker makes the drawn page's addresses whole with the site's address.
    expect(html).toContain(`<link data-prerendered="" rel="canonical" href="${baseUrl()}/formats/linkedin"`);
    expect(html).toMatch(new RegExp(`property="og:url" content="${baseUrl()}/formats/linkedin"`));

    const index = await fetch(`${baseUrl()}/formats`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('/formats/google-play-store');

    const unknown = await fetch(`${baseUrl()}/formats/nope`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('text/html');
  });

  for (const size of SIZES) {
    it(`shows the sizes without JavaScript, and with it a size opens the tool with that format (${size.name})`, async () => {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: size.width, height: size.height },
      });
      const still = await context.newPage();
      await still.goto(`${baseUrl()}/formats`);
      // Inert until the app takes over, so found by tag rather than by role.
      expect(await still.locator('h1').textContent()).toBe('Social media image sizes');
      expect(await still.locator('a[href="/formats/linkedin"]').textContent()).toMatch(/^LinkedIn\d+ sizes$/);
      await still.goto(`${baseUrl()}/formats/linkedin`);
      expect(await still.locator('h1').textContent()).toBe('LinkedIn image sizes');
      const text = (await still.locator('#root').textContent()) ?? '';
      for (const format of LINKEDIN) expect(text).toContain(format.description);
      for (const format of LINKEDIN)
        expect(await still.locator(`a[href="/?tab=singleImage&format=${format.id}"]`).count()).toBe(1);
      await context.close();

      const page = await visitor(browser, { width: size.width });
      await page.goto(`${baseUrl()}/formats/linkedin`);
      await appReady(page);
      expect(await layoutProblems(page), `/formats/linkedin (${size.name})`).toEqual([]);
      await page.getByRole('link', { name: new RegExp(`^Resize to ${BANNER.width} × ${BANNER.height}`) }).click();
      await page.waitForURL(new RegExp(`/\\?tab=singleImage&format=${BANNER.id}$`));
      await page.locator('#single-image-file').setInputFiles(join(CORPUS, 'baseline.jpg'));
      await uploaded(page);
      await page.getByRole('button', { name: 'Next: Choose Format' }).click();

      await expect
        .poll(() =>
          page.getByRole('radio', { name: new RegExp(`^LinkedIn: ${escapeRegExp(BANNER.description)}`) }).isChecked(),
        )
        .toBe(true);
      const card = page.getByTestId('format-card');
      expect(await card.textContent()).toContain(BANNER.description);
      // The chosen format says where its size comes from, the source opening in a new tab.
      const provenance = card.getByTestId('format-provenance');
      expect(await provenance.textContent()).toMatch(/^checked \w{3} \d{4} · /);
      if (BANNER.source.url) {
        const source = provenance.getByRole('link');
        expect(await source.getAttribute('href')).toBe(BANNER.source.url);
        expect(await source.getAttribute('target')).toBe('_blank');
        expect(await source.getAttribute('rel')).toContain('noopener');
      }
      expect(await cspViolations(page)).toEqual([]);
    });
  }

  it('passes the accessibility checks on the guide and a platform page, in both schemes', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl()}/formats`);
    await appReady(page);
    await page.getByRole('list', { name: 'Platforms' }).waitFor();
    await expectAccessibleInBothSchemes(page, 'formats guide');
    await page.getByRole('link', { name: new RegExp(`^${platformName('google play store')}`) }).click();
    await page.waitForURL(/\/formats\/google-play-store$/);
    await page.getByRole('heading', { level: 1, name: 'Google Play image sizes' }).waitFor();
    expect(await page.title()).toBe('Google Play image sizes | Social Resizer');
    await expectAccessibleInBothSchemes(page, 'formats guide: Google Play');
  });
});
