import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the site in Chromium', () => {
  it('loads the home page with its three tool tabs', async () => {
    const page = await newPage(browser);
    await page.goto(baseUrl());
    const tabs = page.getByRole('tablist', { name: 'Tools' }).getByRole('tab');
    await expect
      .poll(() => tabs.allTextContents())
      .toEqual(['Single Image', 'Banner Adjuster', 'Profile Picture Adjuster']);
    await page.getByRole('tab', { name: 'Banner Adjuster' }).click();
    await page.getByRole('heading', { name: 'Upload Your Banner' }).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('bannerAdjuster');
    expect(await page.title()).toContain('Social Resizer');
  });

  it('shows the 404 page for an unknown path, with status 404', async () => {
    const page = await newPage(browser);
    const response = await page.goto(`${baseUrl()}/definitely/not/here`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  });

  it('shows the 404 page without JavaScript too: the build draws it (scripts/prerender.ts)', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl()}/formats/no-such-platform`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to the home page' }).waitFor();
    await context.close();
  });

  it('answers unknown API paths with JSON, not the app', async () => {
    const res = await fetch(`${baseUrl()}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found: GET /api/nope' });
  });

  it('shows a toast after sending the contact form, which goes away by itself, and a confirmation that stays', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl()}/contact`);
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Subject').selectOption('feedback');
    await page.getByLabel('Message').fill('The LinkedIn banner came out perfectly.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByText("Thank you for contacting us. We'll get back to you soon.", { exact: true });
    await toast.waitFor();
    // Move the pointer away: hovering the region pauses the 5-second timer.
    await page.mouse.move(0, 0);
    await expect.poll(() => toast.isVisible(), { timeout: 10_000 }).toBe(false);
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    expect(await page.getByRole('status').filter({ hasText: 'your message was sent' }).textContent()).toBe(
      'Thank you: your message was sent. We will answer at ada@example.com.',
    );
  });
});
