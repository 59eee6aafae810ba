import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

/** Debian's Chromium (Playwright cannot download browsers here), with no background networking. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh browser context (its own cookies), optionally at a phone's width. Every page records the
 * Content-Security-Policy violations it meets, for `cspViolations`.
 */
export async function newPage(browser: Browser, options: { width?: number } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  return context.newPage();
}

/** What the site's CSP blocked on the current page (it must be nothing). */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

export const CORPUS = join(import.meta.dirname, '../fixtures/corpus');

let ipCounter = 0;
/** A visitor with its own address (CF-Connecting-IP passes through the local runtime), so reruns start fresh. */
export async function visitor(browser: Browser, options: { width?: number } = {}): Promise<Page> {
  const page = await newPage(browser, options);
  const ip = `10.${Date.now() % 250}.${Math.floor(Math.random() * 250)}.${++ipCounter}`;
  await page.context().setExtraHTTPHeaders({ 'CF-Connecting-IP': ip });
  await page.goto(baseUrl());
  return page;
}

/** Clicks the format's card, as a user does (its radio is visually hidden inside it). */
export async function chooseFormat(page: Page, name: RegExp): Promise<void> {
  await page.locator('label', { has: page.getByRole('radio', { name }) }).click();
  await expect.poll(() => page.getByRole('radio', { name }).isChecked()).toBe(true);
}

/**
 * Waits until the step shows the picture as uploaded: its thumbnail and "Uploaded" (the step says
 * it where the picture is; no notification covers the step indicator).
 */
export async function uploaded(page: Page): Promise<void> {
  await page.getByRole('img', { name: 'Your picture' }).waitFor({ timeout: 30_000 });
  await page.getByText('Uploaded', { exact: true }).waitFor();
}

/** In the Single Image tool: uploads the file and frames the LinkedIn banner. */
export async function uploadAndAdjust(page: Page, path: string): Promise<void> {
  await page.locator('#single-image-file').setInputFiles(path);
  await uploaded(page);
  await page.getByRole('button', { name: 'Next: Choose Format' }).click();
  await page.getByRole('heading', { name: 'Adjust Image & Choose Format' }).first().waitFor();
  await page.getByLabel('Platform').selectOption('linkedin');
  await chooseFormat(page, /^LinkedIn: Personal profile background/);
  await page.getByText('Wide Format').waitFor();
  await page.getByTestId('crop-preview').locator('img').waitFor();
}

/**
 * Waits until the app has replaced a page the build drew ahead of time (scripts/prerender.ts keeps
 * that copy inert): keys pressed before then reach nothing, as for a person who tabs in the first
 * moment of a slow load.
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator('#root > [inert]').waitFor({ state: 'detached' });
}

/** `text` as a regular expression that matches it literally (a catalogue label in an accessible name). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Registers and buys Unlimited Access in the local payment mode, as this page's browser. */
export async function becomeUnlimited(page: Page): Promise<void> {
  const name = `user${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const post = async (path: string, data?: unknown) => {
    const res = await page.request.post(`${baseUrl()}${path}`, { data, headers: { Origin: baseUrl() } });
    expect(res.ok(), `${path} ${res.status()}`).toBe(true);
    return res.json() as Promise<Record<string, string>>;
  };
  await post('/api/register', { username: name, email: `${name}@example.com`, password: `${name}-password` });
  const intent = await post('/api/create-unlimited-access');
  await post('/api/local-payments/confirm', {
    clientSecret: intent.clientSecret,
    number: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  await post('/api/payment-success', { paymentIntentId: intent.paymentIntentId });
}
