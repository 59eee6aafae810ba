import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { expectAccessibleInBothSchemes } from './axe';
import { appReady, baseUrl, cspViolations, CORPUS, launchBrowser, newPage, visitor } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The footer's links, with the heading each one's page shows. */
const FOOTER: [column: string, link: string, heading: string][] = [
  ['Features', 'Single Image Resizer', 'Social Media Image Resizer'],
  ['Features', 'Banner Adjuster', 'Upload Your Banner'],
  ['Features', 'Profile Picture Adjuster', 'Social Media Image Resizer'],
  ['Features', 'Image Sizes Guide', 'Social media image sizes'],
  ['Features', 'Pricing', 'Simple, one-time pricing'],
  ['Company', 'About Us', 'About Us'],
  ['Company', 'Careers', 'Careers'],
  ['Company', 'Contact', 'Contact us'],
  ['Support', 'Help Center', 'Help Center'],
  ['Support', 'Privacy Policy', 'Privacy Policy'],
  ['Support', 'Terms of Service', 'Terms of Service'],
  ['Support', 'Cookie Policy', 'Cookie Policy'],
];

describe('the site pages in Chromium', () => {
  it('walks every footer link to a page with its heading and its own title', async () => {
    const page = await newPage(browser);
    await page.goto(baseUrl());
    const titles = new Set<string>();
    for (const [column, link, heading] of FOOTER) {
      await page.getByRole('navigation', { name: column }).getByRole('link', { name: link, exact: true }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: heading, exact: true }).first().isVisible(), {
          message: `${link} → ${heading}`,
        })
        .toBe(true);
      titles.add(await page.title());
    }
    // Home and its tool tabs share a title; every other page has its own.
    expect(titles.size).toBe(FOOTER.length - 2);
    expect(await page.locator('footer').textContent()).toContain(`© ${new Date().getFullYear()}`);
    expect(await cspViolations(page)).toEqual([]);
  });

  it('serves the app with its security headers: CSP allowing only the site and Stripe, no framing, nosniff', async () => {
    const page = await (await fetch(`${baseUrl()}/help`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
    expect(script).toBeDefined();
    for (const path of ['/', '/help', '/definitely/not/here', script!]) {
      const res = await fetch(`${baseUrl()}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self' https://js.stripe.com");
      expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
  });

  it('opens a blog article from the list', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl()}/blog`);
    await page.getByRole('tab', { name: 'Tutorials' }).click();
    await page.getByRole('list', { name: 'Tutorials articles' }).getByRole('link').first().click();
    await page.waitForURL(/\/blog\/linkedin-banner-not-cut-off$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('LinkedIn banner');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('4:1');
  });

  it('finds the refund answer from any tab, and a size question leads to the tool with that format', async () => {
    const page = await visitor(browser);
    await page.goto(`${baseUrl()}/help`);
    const box = page.getByRole('searchbox', { name: 'Search help articles' });
    await box.fill('refund');
    await page.getByRole('button', { name: 'Can I get a refund?' }).click();
    await page.getByText(/non-refundable, except where the law requires/).waitFor();
    await expectAccessibleInBothSchemes(page, 'help search results');

    await box.fill('instagram story size');
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toMatch(/^\d+ match(es)? for “instagram story size”$/);
    await page.getByRole('link', { name: 'Instagram Story: 1080 × 1920' }).click();
    await page.waitForURL(/\/\?tab=singleImage&format=\d+$/);
    await page.locator('#single-image-file').setInputFiles(join(CORPUS, 'baseline.jpg'));
    await page.getByRole('button', { name: 'Next: Choose Format' }).click();
    await expect.poll(() => page.getByRole('radio', { name: /^Instagram: Story/ }).isChecked()).toBe(true);
  });

  it('draws the static pages before the app’s script runs, and the app then takes them over', async () => {
    // Without JavaScript, as a slow phone shows the page before its script arrives.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const still = await context.newPage();
    for (const [path, heading] of [
      ['/', 'Social Media Image Resizer'],
      ['/help', 'Help Center'],
      ['/privacy', 'Privacy Policy'],
    ] as const) {
      await still.goto(`${baseUrl()}${path}`);
      // Inert until the app takes over, so found by tag rather than by role.
      expect(await still.locator('h1').textContent(), path).toBe(heading);
      expect(await still.title(), path).toContain(heading);
    }
    // Pages that depend on who is asking are drawn as they are before the session is known: what
    // the page is, never an upsell or a Sign In a customer would see flash.
    for (const [path, heading] of [
      ['/batch', 'Batch'],
      ['/unlimited-access', 'Unlimited Access'],
      ['/pricing', 'Simple, one-time pricing'],
    ] as const) {
      await still.goto(`${baseUrl()}${path}`);
      expect(await still.locator('h1').textContent(), path).toBe(heading);
      const text = (await still.locator('#root').textContent()) ?? '';
      expect(text, path).not.toMatch(/Sign in to|You already have|Pay \$/);
    }
    await still.goto(`${baseUrl()}/account`);
    expect(await still.locator('#root').innerHTML()).toBe('');
    await context.close();

    // A drawn page names only its small entry in the head: the app's scripts are fetched once the
    // entry has run (after the first paint), all of them; a page the app draws names its scripts up
    // front, to be fetched beside the entry.
    const page = await newPage(browser);
    const helpPage = await (await fetch(`${baseUrl()}/help`)).text();
    expect(helpPage).not.toContain('rel="modulepreload"');
    await page.goto(`${baseUrl()}/help`);
    await page.getByRole('searchbox', { name: 'Search help articles' }).fill('refund');
    const named = (await page.locator('meta[name="app-scripts"]').getAttribute('content'))!.split(' ');
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => ({
          path: new URL(entry.name).pathname,
          start: entry.startTime,
          end: (entry as PerformanceResourceTiming).responseEnd,
        })),
    );
    const entryScript = await page.locator('script[type="module"][src]').getAttribute('src');
    const entryEnd = scripts.find(({ path }) => path === entryScript)!.end;
    expect(named.length).toBeGreaterThan(5);
    for (const path of named) {
      const fetched = scripts.find((script) => script.path === path);
      expect(fetched?.start, path).toBeGreaterThan(entryEnd);
    }
    const accountPage = await (await fetch(`${baseUrl()}/account`)).text();
    expect(accountPage.match(/<link rel="modulepreload"/g)?.length).toBeGreaterThan(5);
    await page.getByRole('button', { name: 'Can I get a refund?' }).waitFor();
    expect(await page.locator('meta[name="description"]').count()).toBe(1);
    expect(await page.locator('h1').count()).toBe(1);
    await page.getByRole('navigation', { name: 'Company' }).getByRole('link', { name: 'About Us' }).click();
    await expect.poll(() => page.title()).toBe('About Us | Social Resizer');
  });

  it('works by keyboard: the careers tabs and cards open with the keys alone', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl()}/careers`);
    await appReady(page);
    await page.getByRole('tab', { name: 'All' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'Engineering' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Responsibilities' }).waitFor();
  });
});
