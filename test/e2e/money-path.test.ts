/**
 * Where a download needs payment, the price and the button that pays are beside it, on the first
 * screen at 1280×800 and 375×812, light and dark (docs/product.md, "Free downloads"): the single
 * tool's download step, an adjuster result framed by hand and the ZIP card, the Batch page's offer.
 * And Batch is one click from the header.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothSchemes, switchColorScheme } from './axe';
import { baseUrl, CORPUS, launchBrowser, uploadAndAdjust, uploaded, visitor } from './browser';
import { layoutProblems, offScreen } from './layout';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;
const PORTRAIT = join(process.cwd(), 'test/fixtures/people/grace_hopper.jpg');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function visitorAt(size: { width: number; height: number }): Promise<Page> {
  const page = await visitor(browser, { width: size.width });
  await page.setViewportSize(size);
  return page;
}

/** The visitor's one free download, spent through the API as a download elsewhere would spend it. */
async function spendFreeDownload(page: Page): Promise<void> {
  const headers = { Origin: baseUrl() };
  const upload = await page.request.post(`${baseUrl()}/api/upload`, {
    headers,
    multipart: {
      image: { name: 'first.jpg', mimeType: 'image/jpeg', buffer: readFileSync(join(CORPUS, 'baseline.jpg')) },
    },
  });
  const { path, originalFilename, width } = (await upload.json()) as {
    path: string;
    originalFilename: string;
    width: number;
  };
  const created = await page.request.post(`${baseUrl()}/api/image-requests`, {
    headers,
    data: {
      originalFilename,
      originalPath: path,
      platform: 'linkedin',
      format: 'banner',
      width: 1584,
      height: 396,
      cropDetails: { x: 0, y: 0, width, height: width / 4, zoom: 1 },
    },
  });
  const { id } = (await created.json()) as { id: string };
  expect((await page.request.post(`${baseUrl()}/api/process-image/${id}`, { headers, data: {} })).ok()).toBe(true);
  expect((await page.request.get(`${baseUrl()}/api/download/${id}`)).status()).toBe(200);
  const left = await page.request.get(`${baseUrl()}/api/check-rate-limits`);
  expect(left.headers()['x-ratelimit-remaining']).toBe('0');
}

/** `targets` are on the first screen in light and in dark. */
async function inViewInBothSchemes(page: Page, where: string, targets: Record<string, Locator>): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await switchColorScheme(page, scheme);
    for (const [name, target] of Object.entries(targets)) {
      await target.first().waitFor();
      await expect
        .poll(() => offScreen(target), { timeout: 5_000, message: `${where} (${scheme}): ${name}` })
        .toBeNull();
    }
  }
  await switchColorScheme(page, 'light');
}

describe('the way to pay is in view', () => {
  for (const size of SIZES) {
    const at = `${size.width}×${size.height}`;

    it(`shows the price and the buttons that pay at the single tool's download step (${at})`, async () => {
      const page = await visitorAt(size);
      await spendFreeDownload(page);
      await uploadAndAdjust(page, join(CORPUS, 'baseline.jpg'));
      await page.getByRole('button', { name: 'Next: Download' }).click();
      await page.getByRole('heading', { name: 'Get this image' }).waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('allowance').textContent()).toBe('Download requires payment');
      // Never "Ready to Download" for a file that needs payment first, and no Download Now.
      expect(await page.getByText('Ready to Download').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Download Now' }).count()).toBe(0);
      const pay = page.getByRole('group', { name: 'Pay to download' });
      await inViewInBothSchemes(page, `download step at ${at}`, {
        'Buy this image': pay.getByRole('link', { name: 'Buy this image: $1.99' }),
        'Unlimited Access': pay.getByRole('link', { name: 'Unlimited Access: $9.99' }),
        'what the file is': page.getByTestId('file-check'),
      });
      // One wording of what each plan gives and for how long: never "30-day" beside "once".
      expect(await pay.textContent()).toMatch(/yours to download until its files are deleted 7 days after upload/);
      expect(await page.getByText(/30-day/).count()).toBe(0);
      expect(await layoutProblems(page), `download step at ${at}`).toEqual([]);
      await expectAccessibleInBothSchemes(page, `download step needing payment at ${at}`);

      await pay.getByRole('link', { name: 'Buy this image: $1.99' }).click();
      await page.getByRole('heading', { name: 'Secure Checkout' }).waitFor();
      expect(new URL(page.url()).searchParams.get('plan')).toBe('single');
    }, 120_000);

    it(`gives a fresh photo's results free, and puts the price beside a result framed by hand (${at})`, async () => {
      const page = await visitorAt(size);
      await spendFreeDownload(page);
      await page.goto(`${baseUrl()}/?tab=profileAdjuster`);
      await page.locator('input[type=file]').setInputFiles(PORTRAIT);
      await uploaded(page);
      await page.getByRole('button', { name: 'Next: Choose Format' }).click();
      await page.getByRole('heading', { name: 'Configure Profile Picture Adjustment' }).waitFor();
      // A fresh photo: no current format; two targets.
      expect(await page.getByLabel('Source platform').inputValue()).toBe('');
      await page.getByRole('tab', { name: /^Instagram/ }).click();
      await page.getByRole('tabpanel').getByRole('checkbox').first().check();
      await page.getByRole('tab', { name: /^LinkedIn/ }).click();
      await page.getByRole('tabpanel').getByRole('checkbox').first().check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('All conversions have been completed successfully!').waitFor({ timeout: 60_000 });

      // Every result of the adjuster is free, none left free downloads or not: the ZIP downloads.
      const cards = page.locator('li[data-testid^="result-"]');
      await expect
        .poll(() => page.locator('[data-testid^="charge-"]').allTextContents())
        .toEqual(['Ready to download', 'Ready to download']);
      const [zip] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download All as ZIP' }).click(),
      ]);
      expect(zip.suggestedFilename()).toMatch(/\.zip$/);

      // Framed by hand, a result is the single tool's kind of file: its card says what it costs,
      // with the buttons that pay where Download was, before any click.
      const card = cards.first();
      await card.getByRole('button', { name: /^Adjust framing:/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const charge = card.locator('[data-testid^="charge-"]');
      await expect.poll(() => charge.textContent(), { timeout: 60_000 }).toBe('$1.99 to download: framed by hand');
      expect(await card.getByRole('button', { name: 'Download' }).count()).toBe(0);
      expect(await card.getByText('Ready to download').count()).toBe(0);
      const pay = card.getByRole('group', { name: 'Pay to download' });
      await inViewInBothSchemes(page, `the card framed by hand at ${at}`, {
        'Buy this image': pay.getByRole('link', { name: 'Buy this image: $1.99' }),
        'what it costs': charge,
      });
      // From the top of the results, the ZIP card says it too, with the buttons and the free ZIP.
      await page.evaluate(() => window.scrollTo(0, 0));
      const zipCard = page.getByTestId('zip-summary').locator('..').locator('..');
      await inViewInBothSchemes(page, `the results' top at ${at}`, {
        'the ZIP card’s Buy this image': zipCard.getByRole('link', { name: 'Buy this image: $1.99' }),
        'the free files': zipCard.getByRole('button', { name: 'Download the 1 free file (ZIP)' }),
      });
      expect(await layoutProblems(page), `results at ${at}`).toEqual([]);
      await expectAccessibleInBothSchemes(page, `results with a file needing payment at ${at}`);
    }, 180_000);

    it(`offers Unlimited Access, with its price and button, on the Batch page (${at})`, async () => {
      const page = await visitorAt(size);
      const name = `pay${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
      const res = await page.request.post(`${baseUrl()}/api/register`, {
        headers: { Origin: baseUrl() },
        data: { username: name, email: `${name}@example.com`, password: `${name}-password` },
      });
      expect(res.ok()).toBe(true);
      // One click from the header, wherever the visitor is.
      await page.goto(`${baseUrl()}/help`);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Batch' }).click();
      await page.getByRole('heading', { name: 'Batch', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/batch');
      await page.getByRole('heading', { name: 'Batch is part of Unlimited Access' }).waitFor();
      await inViewInBothSchemes(page, `the batch offer at ${at}`, {
        'the button that pays': page.getByRole('link', { name: 'Get Unlimited Access: $9.99' }),
        'the price': page.getByText('$9.99', { exact: false }).first(),
      });
      await expectAccessibleInBothSchemes(page, `the batch offer at ${at}`);
    }, 60_000);
  }
});
