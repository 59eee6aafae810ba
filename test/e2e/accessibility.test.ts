import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_SLUGS } from '../../shared/pages';
import { seriousViolations, switchColorScheme } from './axe';
import { baseUrl, CORPUS, launchBrowser, uploadAndAdjust, visitor } from './browser';

/**
 * Every page a visitor or a signed-in user can open, as it first shows, at a desktop and a phone
 * width, in light and dark: no serious or critical axe-core finding (test/e2e/axe.ts), one h1, and
 * headings that go down one level at a time (docs/product.md, "Site pages").
 */

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

/** The pages a visitor opens without an account. */
const VISITOR_PAGES = [
  '/',
  '/?tab=bannerAdjuster',
  '/?tab=profileAdjuster',
  '/pricing',
  '/unlimited-access',
  '/auth',
  '/forgot-password',
  '/reset-password',
  '/help',
  '/formats',
  '/formats/linkedin',
  '/blog',
  `/blog/${ARTICLE_SLUGS[0]}`,
  '/careers',
  '/contact',
  '/about',
  '/privacy',
  '/terms',
  '/cookies',
  '/batch',
  '/outbox',
  '/admin-login',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Waits for the page to settle (its data answered, fonts ready), then checks it; a failure is kept
 * in `failures`, so one run lists every page's findings.
 */
async function checkPage(page: Page, where: string, failures: string[]): Promise<void> {
  await page.locator('main').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // expectAccessibleInBothSchemes' check, with every finding of both schemes kept.
  for (const scheme of ['light', 'dark'] as const) {
    await switchColorScheme(page, scheme);
    failures.push(...(await seriousViolations(page)).map((finding) => `${where} (${scheme}): ${finding}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  failures.push(...(await headingProblems(page)).map((problem) => `${where}: ${problem}`));
}

/** One h1, and no heading more than one level below the one before it. */
function headingProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const headings = Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6')).filter(
      (h) => !h.closest('[hidden], [aria-hidden="true"]'),
    );
    const problems: string[] = [];
    const ones = headings.filter((h) => h.tagName === 'H1').length;
    if (ones !== 1) problems.push(`${ones} h1 headings`);
    let previous = 0;
    for (const h of headings) {
      const level = Number(h.tagName[1]);
      if (previous > 0 && level > previous + 1)
        problems.push(`h${level} "${h.textContent?.trim().slice(0, 40)}" follows an h${previous}`);
      previous = level;
    }
    return problems;
  });
}

describe.each(SIZES)('every page at $name size ($width px), light and dark', (size) => {
  it('visitor pages', async () => {
    const page = await visitor(browser, { width: size.width });
    await page.setViewportSize({ width: size.width, height: size.height });
    const failures: string[] = [];
    for (const path of VISITOR_PAGES) {
      await page.goto(`${baseUrl()}${path}`);
      await checkPage(page, `${path} at ${size.width} px`, failures);
    }
    expect(failures).toEqual([]);
    // Every visitor page, each in both schemes with axe: about a minute, more on a busy machine.
  }, 180_000);

  it('the checkout of an image request and the account page of a signed-in user', async () => {
    const page = await visitor(browser, { width: size.width });
    await page.setViewportSize({ width: size.width, height: size.height });
    await uploadAndAdjust(page, join(CORPUS, 'baseline.jpg'));
    await page.getByRole('button', { name: 'Next: Download' }).click();
    await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
    const requestId = new URL(page.url()).searchParams.get('request');
    expect(requestId).toBeTruthy();
    await page.goto(`${baseUrl()}/checkout/${requestId}?plan=single`);
    await page.getByRole('heading', { name: 'Secure Checkout' }).waitFor();
    const failures: string[] = [];
    await checkPage(page, `/checkout at ${size.width} px`, failures);

    const username = `axe${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    await page.goto(`${baseUrl()}/auth`);
    await page.getByRole('tab', { name: 'Register' }).click();
    const register = page.getByRole('form', { name: 'Register' });
    await register.getByLabel('Username').fill(username);
    await register.getByLabel('Email').fill(`${username}@example.com`);
    await register.getByLabel('Password').fill('correct horse');
    await register.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.goto(`${baseUrl()}/account`);
    await page.getByText('Account Information').waitFor();
    await checkPage(page, `/account at ${size.width} px`, failures);
    expect(failures).toEqual([]);
  });
});
