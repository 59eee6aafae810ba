import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS, launchBrowser, uploadAndAdjust, visitor } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('accounts in Chromium', () => {
  it('keeps what a visitor got before registering: register, log out, log in, and download it from the account page', async () => {
    const page = await visitor(browser);
    // As an anonymous visitor: make a LinkedIn banner and download it (the free one).
    await uploadAndAdjust(page, join(CORPUS, 'baseline.jpg'));
    await page.getByRole('button', { name: 'Next: Download' }).click();
    await page.getByText('Ready to Download').waitFor({ timeout: 30_000 });
    const [first] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Now' }).click(),
    ]);
    expect(first.suggestedFilename()).toBe('baseline-linkedin-banner-1584x396.jpg');

    // Register from the header's Sign In.
    const username = `ada${Date.now().toString(36)}`;
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('tab', { name: 'Register' }).click();
    const register = page.getByRole('form', { name: 'Register' });
    await register.getByLabel('Username').fill(username);
    await register.getByLabel('Email').fill(`${username}@example.com`);
    await register.getByLabel('Password').fill('correct horse');
    await register.getByLabel('Name (optional)').fill('Ada Lovelace');
    await register.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(`Welcome, ${username}!`, { exact: true }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    const avatar = page.getByRole('button', { name: 'Account menu of Ada Lovelace' });
    expect(await avatar.textContent()).toBe('AL');

    // Log out from the avatar menu.
    await avatar.click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect
      .poll(() => page.getByText('You have been logged out successfully', { exact: true }).isVisible())
      .toBe(true);
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    const signedOut = await page.request.get(new URL('/api/user/purchases', page.url()).href);
    expect(signedOut.status()).toBe(401);

    // Log in again, and find the banner on the account page.
    await page.getByRole('link', { name: 'Sign In' }).click();
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Username').fill(username);
    await login.getByLabel('Password').fill('correct horse');
    await login.getByRole('button', { name: 'Login' }).click();
    await page.getByText(`Welcome back, ${username}!`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Account menu of Ada Lovelace' }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.getByText('Account Information').waitFor();
    await page.getByText('Free Access', { exact: true }).waitFor();
    const purchase = page.getByRole('list', { name: 'Purchases' }).getByRole('listitem');
    await purchase.first().waitFor();
    expect(await purchase.count()).toBe(1);
    expect(await purchase.textContent()).toContain('baseline.jpg');
    await purchase.getByText('Processed', { exact: true }).waitFor();
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      purchase.getByRole('button', { name: 'Download' }).click(),
    ]);
    const meta = await sharp(readFileSync(await again.path())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1584, height: 396 });
  });

  it('refuses a wrong password with the server’s message and keeps the visitor on /auth', async () => {
    const page = await visitor(browser);
    await page.goto(new URL('/auth', page.url()).href);
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Username').fill('nobody-here');
    await login.getByLabel('Password').fill('wrong password');
    await login.getByRole('button', { name: 'Login' }).click();
    // In the toast and by the form, where it stays.
    await expect
      .poll(() => page.getByRole('form', { name: 'Login' }).getByRole('alert').textContent())
      .toBe('Invalid username or password');
    await expect
      .poll(() => page.getByRole('region').getByText('Invalid username or password', { exact: true }).isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');
  });
  it('resets a forgotten password through the local outbox: the link works once, and the old password stops working', async () => {
    const username = `rosalind${Date.now().toString(36)}`;
    const email = `${username}@example.com`;
    const setup = await visitor(browser);
    const registered = await setup.request.post(new URL('/api/register', setup.url()).href, {
      data: { username, email, password: 'old password' },
      headers: { Origin: new URL(setup.url()).origin },
    });
    expect(registered.status()).toBe(201);

    const page = await visitor(browser);
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    const form = page.getByRole('form', { name: 'Reset password' });
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').getByText('If an account uses that address').waitFor();
    await page.getByRole('link', { name: 'local outbox' }).click();

    const message = page
      .getByRole('listitem', { name: 'Reset your Social Resizer password' })
      .filter({ hasText: email });
    await expect.poll(() => message.count(), { timeout: 10_000 }).toBe(1);
    const link = await message.getByRole('link').getAttribute('href');
    await message.getByRole('link').click();
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    await reset.getByLabel('New password', { exact: true }).fill('new password');
    await reset.getByLabel('Repeat the new password').fill('new passw0rd');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await reset.getByText('The two passwords are not the same').waitFor();
    await reset.getByLabel('Repeat the new password').fill('new password');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/account');
    await page.getByText(`You are signed in as ${username}`).first().waitFor();
    // The other browser's session ended with the reset.
    expect((await setup.request.get(new URL('/api/user', setup.url()).href)).status()).toBe(401);

    // The same link a second time says so, and offers a new one.
    const again = await visitor(browser);
    await again.goto(link!);
    const second = again.getByRole('form', { name: 'Choose a new password' });
    await second.getByLabel('New password', { exact: true }).fill('third password');
    await second.getByLabel('Repeat the new password').fill('third password');
    await second.getByRole('button', { name: 'Set new password' }).click();
    await second.getByRole('alert').getByText('already been used').waitFor();
    await second.getByRole('link', { name: 'Ask for a new link' }).waitFor();

    // Log in with the new password only.
    await again.getByRole('link', { name: 'Sign In' }).click();
    const login = again.getByRole('form', { name: 'Login' });
    await login.getByLabel('Username').fill(username);
    await login.getByLabel('Password').fill('old password');
    await login.getByRole('button', { name: 'Login' }).click();
    await login.getByRole('alert').waitFor();
    await login.getByLabel('Password').fill('new password');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => new URL(again.url()).pathname).toBe('/');
  }, 90_000);
});
