/**
 * The Batch page in Chromium: an Unlimited Access user converts 10 photos to 8 formats, follows the
 * progress through a refresh, and downloads one ZIP with a folder per photo; a visitor without
 * Unlimited Access gets the offer, not a batch.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectImage } from '../../worker/imaging';
import { baseUrl, launchBrowser, visitor } from './browser';
import { layoutProblems } from './layout';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Registers and buys Unlimited Access in the local payment mode, as this page's browser. */
async function becomeUnlimited(page: Page): Promise<void> {
  const name = `batch${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
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

describe('the Batch page in Chromium', () => {
  it('offers Unlimited Access to a visitor without it, and no batch', async () => {
    const page = await visitor(browser);
    await page.goto(new URL('/batch', baseUrl()).href);
    await page.getByText('Batch processing is part of Unlimited Access', { exact: false }).waitFor();
    expect(await page.locator('#batch-files').count()).toBe(0);
  });

  it('fits a phone: the form and a batch’s progress at 375 px', async () => {
    const page = await visitor(browser, { width: 375 });
    await becomeUnlimited(page);
    await page.goto(new URL('/batch', baseUrl()).href);
    await page.locator('#batch-files').waitFor({ state: 'attached' });
    const photo = join(mkdtempSync(join(tmpdir(), 'sr-batch-')), 'a photo with a rather long file name.jpg');
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7bd5' } })
      .jpeg()
      .toFile(photo);
    await page.locator('#batch-files').setInputFiles([photo]);
    await page.getByText(/^Ready · 800 × 600 px$/).waitFor({ timeout: 30_000 });
    await page.getByRole('tabpanel').getByRole('checkbox').first().check();
    expect(await layoutProblems(page), 'the form').toEqual([]);
    await page.getByRole('button', { name: 'Convert 1 photo to 1 format' }).click();
    await page.getByText(/^Finished: 1 done/).waitFor({ timeout: 60_000 });
    expect(await layoutProblems(page), 'the progress').toEqual([]);
  });

  it('picks formats by kind and from a saved set, and keeps a box drawn on one photo', async () => {
    const page = await visitor(browser);
    await becomeUnlimited(page);
    const dir = mkdtempSync(join(tmpdir(), 'sr-batch-'));
    const files = ['left.jpg', 'right.jpg'].map((name) => join(dir, name));
    for (const file of files)
      await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c0392b' } })
        .jpeg()
        .toFile(file);
    await page.goto(new URL('/batch', baseUrl()).href);
    await page.locator('#batch-files').setInputFiles(files);
    await expect.poll(() => page.getByText(/^Ready · 1200 × 800 px$/).count(), { timeout: 30_000 }).toBe(2);

    // Every profile picture, saved as a set, which this browser offers again after a reload.
    await page
      .getByRole('group', { name: 'Add every format of a kind' })
      .getByRole('button', { name: 'Profile pictures' })
      .click();
    const label = page.getByRole('heading', { name: /^2\. Formats/ });
    const picked = Number(/\((\d+) selected\)/.exec((await label.textContent()) ?? '')?.[1]);
    expect(picked).toBeGreaterThan(5);
    await page.getByRole('button', { name: 'Save this set' }).click();
    await page.reload();
    await expect.poll(() => page.getByText(/^Ready/).count()).toBe(0);
    await page.locator('#batch-files').setInputFiles(files);
    await expect.poll(() => page.getByText(/^Ready · 1200 × 800 px$/).count(), { timeout: 30_000 }).toBe(2);
    await page.getByRole('button', { name: `Use my saved set (${picked} formats)` }).click();
    await page.getByText(`(${picked} selected)`).waitFor();

    // A box on the first photo.
    await page.getByRole('button', { name: 'Keep this…' }).first().click();
    const frame = page.getByRole('dialog').getByTestId('focus-frame');
    // As a user does, draw once the picture is there (the server may be busy finding its faces).
    await expect
      .poll(() => frame.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 30_000 })
      .toBeGreaterThan(0);
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.6, { steps: 4 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Box kept: change' }).waitFor();

    await page.getByRole('button', { name: `Convert 2 photos to ${picked} formats` }).click();
    await page.getByText(new RegExp(`^Finished: ${2 * picked} done, 0 failed`)).waitFor({ timeout: 120_000 });
    expect(await page.getByText(/your box kept/).count()).toBe(1);
  }, 240_000);

  it('converts 10 photos to 8 formats, survives a refresh, and zips 80 files in 10 folders', async () => {
    const page = await visitor(browser);
    await becomeUnlimited(page);
    const dir = mkdtempSync(join(tmpdir(), 'sr-batch-'));
    const files: string[] = [];
    for (let i = 0; i < 10; i++) {
      const path = join(dir, `product-${i + 1}.jpg`);
      await sharp({
        create: { width: 900, height: 600, channels: 3, background: { r: 20 * i, g: 120, b: 200 - 15 * i } },
      })
        .jpeg({ quality: 85 })
        .toFile(path);
      files.push(path);
    }
    await page.goto(new URL('/batch', baseUrl()).href);
    await page.locator('#batch-files').setInputFiles(files);
    await expect.poll(() => page.getByText(/^Ready · 900 × 600 px$/).count(), { timeout: 60_000 }).toBe(10);

    // 3 Instagram, 3 Facebook and 2 LinkedIn formats.
    for (const [platform, count] of [
      ['Instagram', 3],
      ['Facebook', 3],
      ['LinkedIn', 2],
    ] as const) {
      await page.getByRole('tab', { name: new RegExp(`^${platform}`) }).click();
      const boxes = page.getByRole('tabpanel').getByRole('checkbox');
      for (let i = 0; i < count; i++) await boxes.nth(i).check();
    }
    await page.getByRole('button', { name: 'Convert 10 photos to 8 formats' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('id'), { timeout: 30_000 }).not.toBeNull();
    const id = new URL(page.url()).searchParams.get('id');

    // A refresh midway loses nothing: the batch lives on the server.
    await page.getByText(/of 80$/).waitFor({ timeout: 30_000 });
    await page.reload();
    await page.getByText(/of 80$/).waitFor();
    await page.getByText(/^Finished: 80 done, 0 failed, 0 remaining of 80$/).waitFor({ timeout: 180_000 });

    const link = page.getByRole('link', { name: /Download ZIP \(80 files\)/ });
    expect(await link.getAttribute('href')).toBe(`/api/batches/${id}/zip`);
    const zip = await page.request.get(`${baseUrl()}/api/batches/${id}/zip`);
    expect(zip.status()).toBe(200);
    const entries = unzipSync(new Uint8Array(await zip.body()));
    const names = Object.keys(entries);
    expect(names).toHaveLength(80);
    expect(new Set(names.map((n) => n.split('/')[0]))).toEqual(
      new Set(Array.from({ length: 10 }, (_, i) => `product-${i + 1}`)),
    );
    for (const [name, bytes] of Object.entries(entries)) {
      const [, w, h] = /-(\d+)x(\d+)\.\w+$/.exec(name) ?? [];
      const { width, height } = inspectImage(bytes);
      expect(`${width}x${height}`, name).toBe(`${w}x${h}`);
    }
  }, 300_000);
});
