import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS, launchBrowser, uploadAndAdjust, visitor } from './browser';

// The preview server has no Stripe keys: the checkout runs on the local test provider.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Makes a LinkedIn banner and reaches the download step ('Get this image' where it needs payment). */
async function makeBanner(page: Page) {
  await uploadAndAdjust(page, join(CORPUS, 'baseline.jpg'));
  await page.getByRole('button', { name: 'Next: Download' }).click();
  await page.getByRole('heading', { name: /^(Ready to Download|Get this image)$/ }).waitFor({ timeout: 30_000 });
}

/** A visitor who has used the free download and is offered the plans for a second image. */
async function pastTheFreeDownload(): Promise<Page> {
  const page = await visitor(browser);
  await makeBanner(page);
  await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Now' }).click()]);
  await page.getByRole('button', { name: 'Start Over' }).click();
  await makeBanner(page);
  await expect.poll(() => page.getByTestId('allowance').textContent()).toBe('Download requires payment');
  await page
    .getByRole('group', { name: 'Pay to download' })
    .getByRole('link', { name: 'Buy this image: $1.99' })
    .click();
  await page.getByRole('heading', { name: 'Secure Checkout' }).waitFor();
  return page;
}

async function payWith(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Pay $1.99' }).click();
}

describe('payments in Chromium (local test mode)', () => {
  it('a visitor past the free download pays the single plan with 4242… and downloads the image', async () => {
    const page = await pastTheFreeDownload();
    await page.getByText('Local test mode: no real payment is made', { exact: true }).waitFor();
    await page.getByText('LinkedIn Banner', { exact: true }).waitFor();
    await page.getByText('1584 × 396 pixels', { exact: true }).waitFor();
    await page.getByText('One-time purchase', { exact: true }).waitFor();
    await page.getByText('$1.99', { exact: true }).waitFor();
    await payWith(page, '4242 4242 4242 4242');
    const modal = page.getByRole('dialog', { name: 'Payment Successful!' });
    await modal.waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      modal.getByRole('button', { name: 'Download Your Image' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('baseline-linkedin-banner-1584x396.jpg');
    const meta = await sharp(readFileSync(await download.path())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1584, height: 396 });
    await modal.getByRole('link', { name: 'Start Over with a New Image' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });

  it('a declined card shows Payment Failed and grants nothing', async () => {
    const page = await pastTheFreeDownload();
    const requestId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await payWith(page, '4000 0000 0000 0002');
    const alert = page.getByRole('alert').filter({ hasText: 'Payment Failed' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Card error: Your card was declined.');
    expect(await page.getByRole('dialog').count()).toBe(0);
    const res = await page.request.get(new URL(`/api/download/${requestId}`, page.url()).href);
    expect(res.status()).toBe(402);
  });

  it('a registered user buys unlimited access and then downloads without limits', async () => {
    const page = await visitor(browser);
    const username = `pay${Date.now().toString(36)}`;
    await page.goto(new URL('/auth?redirect=unlimited-access', page.url()).href);
    await page.getByRole('tab', { name: 'Register' }).click();
    const register = page.getByRole('form', { name: 'Register' });
    await register.getByLabel('Username').fill(username);
    await register.getByLabel('Email').fill(`${username}@example.com`);
    await register.getByLabel('Password').fill('correct horse');
    await register.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/unlimited-access');
    await page.getByRole('button', { name: 'Continue to payment - $9.99' }).click();
    await page.getByText('TEST MODE', { exact: true }).waitFor();
    const form = page.getByRole('form', { name: 'Card payment' });
    await form.getByLabel('Card number').fill('4242424242424242');
    await form.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await form.getByLabel('CVC').fill('123');
    await form.getByRole('button', { name: 'Pay $9.99 - Unlimited Access' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/account');
    await page.getByText('You now have unlimited access!', { exact: true }).waitFor();
    await page.getByText('Unlimited Access', { exact: true }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Upgrade' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Social Resizer' }).click();
    await makeBanner(page);
    await expect.poll(() => page.getByTestId('allowance').textContent()).toBe('Unlimited downloads available');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Now' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/1584x396\.jpg$/);
  });
});
