import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, visitor } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('the admin area in Chromium', () => {
  it('keeps every admin password out of the files the browser downloads', () => {
    const files = filesUnder(join(import.meta.dirname, '../../dist/client'));
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file, 'latin1');
      expect(text.includes('local-admin'), file).toBe(false);
      expect(text.includes('test-admin-secret'), file).toBe(false);
      expect(text.includes('ADMIN_PASSWORD'), file).toBe(false);
    }
  });

  it('sends /admin to the login, refuses a wrong password, logs in, shows users and totals, and logs out', async () => {
    // Its own address: registrations are limited per address and hour.
    const page = await visitor(browser);
    // A user, so the table has a row.
    const username = `admin_e2e_${Date.now() % 100000}`;
    await page.goto(baseUrl());
    const registered = await page.evaluate(
      async (name) =>
        (
          await fetch('/api/register', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'correct horse' }),
          })
        ).status,
      username,
    );
    expect(registered).toBe(201);

    await page.goto(`${baseUrl()}/admin`);
    await page.waitForURL(/\/admin-login$/);
    await page.getByLabel('Password').fill('not-the-password');
    // Hold the answer until the pending state has been seen, so the check cannot race a fast server.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Authenticating...' }).waitFor();
    release();
    await page.getByText('Invalid administrator password').first().waitFor();
    await page.getByText('Authentication Failed', { exact: true }).first().waitFor();

    await page.getByLabel('Password').fill('local-admin');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('cell', { name: username, exact: true }).waitFor();
    expect(Number(await page.getByTestId('total-users').textContent())).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('premium-users').textContent()).toMatch(/^\d+$/);
    expect(await page.evaluate(() => sessionStorage.getItem('adminAuthenticated'))).toBe('true');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/admin-login$/);
    await page.getByText('You have been logged out of the admin area').first().waitFor();
    // The server ended the admin session too, not just the browser's flag.
    expect(await page.evaluate(async () => (await fetch('/api/admin/users')).status)).toBe(401);
  });
});
