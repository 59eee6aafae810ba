/**
 * `npm run bench -- quality`: the quality preview in Chromium (playwright-core, Debian's
 * /usr/bin/chromium), through the built app `npm start` serves, as a user chooses a JPEG quality in
 * the Single Image tool's download step:
 *
 * - the time from a quality change to the estimated size on screen (p50/p95 over the changes), for
 *   a 1080×1080, a 1080×1920 and a 2560×1440 output (goal: <= 500 ms);
 * - how far the browser's estimate is from the server's file at the same quality (the size the
 *   server's answer reports), per photo and quality.
 *
 * Needs `npm run build` and `npm run db:migrate` first (`npm run bench -- quality` does not build).
 * BENCH_BASE_URL=http://localhost:PORT uses a server already running instead of starting one.
 */
import { chromium, type Page } from 'playwright-core';
import { startWranglerDev } from '../scripts/local-server';
import type { ImageRequestResponse } from '../shared/schemas';
import type { Photo } from './photos';

const OUTPUTS = [
  { platform: 'instagram', format: /^Instagram: Feed post, square/, size: '1080×1080' },
  { platform: 'instagram', format: /^Instagram: Story \(9:16\)/, size: '1080×1920' },
  { platform: 'youtube', format: /^YouTube: Channel banner/, size: '2560×1440' },
];
const QUALITIES = [80, 60, 40];
/** Quality changes timed per output (the slider moved as a user does, one step at a time apart). */
const CHANGES = [80, 40, 60, 50, 70, 45, 75, 55, 65, 42, 78, 48];

let ipCounter = 0;

async function openDownloadStep(
  page: Page,
  baseUrl: string,
  photo: string,
  output: (typeof OUTPUTS)[number],
): Promise<void> {
  await page.context().setExtraHTTPHeaders({ 'CF-Connecting-IP': `10.77.${Date.now() % 250}.${++ipCounter % 250}` });
  await page.goto(baseUrl);
  await page.locator('#single-image-file').setInputFiles(photo);
  await page.getByText('Upload Successful', { exact: true }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Next: Choose Format' }).click();
  await page.getByLabel('Platform').selectOption(output.platform);
  await page.locator('label', { has: page.getByRole('radio', { name: output.format }) }).click();
  await page.getByTestId('crop-preview').locator('img').waitFor();
  await page.getByRole('button', { name: 'Next: Download' }).click();
  await page.getByText('Ready to Download').waitFor({ timeout: 60_000 });
  await page.getByRole('radio', { name: 'JPEG' }).check();
}

/** Moves the quality slider as the user does and measures, in the page, until the new size shows. */
function timeChange(page: Page, quality: number): Promise<number> {
  // A string, not a function: tsx's helpers (__name) do not exist in the page.
  return page.evaluate(`new Promise((resolve, reject) => {
    const slider = document.querySelector('input[aria-label="Quality"]');
    const size = document.querySelector('[data-testid="quality-size"]');
    if (!slider || !size) return reject(new Error('no quality slider or size on the page'));
    const started = performance.now();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(slider, '${quality}');
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    const observer = new MutationObserver(() => check());
    const check = () => {
      if (!size.textContent.startsWith('About') || slider.value !== '${quality}') return;
      observer.disconnect();
      resolve(performance.now() - started);
    };
    observer.observe(size, { childList: true, characterData: true, subtree: true, attributes: true });
    check();
  })`);
}

/** The estimate shown for `quality`, and the server's file made at it (its answer's exact size). */
async function compare(page: Page, quality: number): Promise<{ estimate: number; server: number }> {
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/process/.test(r.url()) && r.ok(),
    { timeout: 60_000 },
  );
  await timeChange(page, quality);
  const estimate = Number(await page.getByTestId('quality-size').getAttribute('data-bytes'));
  const request = (await (await answer).json()) as ImageRequestResponse;
  return { estimate, server: request.file?.size ?? Number.NaN };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

export async function benchQualityPreview(photos: Photo[]): Promise<void> {
  const server = process.env.BENCH_BASE_URL
    ? { baseUrl: process.env.BENCH_BASE_URL, stop: () => undefined }
    : await startWranglerDev(Number(process.env.BENCH_PORT ?? 8797));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    console.log(`\nQuality preview in Chromium (${cores} cores seen): quality change -> estimated size shown`);
    const first = photos[0];
    if (!first) throw new Error('no photo for the quality preview');
    for (const output of OUTPUTS) {
      await openDownloadStep(page, server.baseUrl, first.path, output);
      await timeChange(page, 82); // the encoders loaded and warm, as after the first change
      const times: number[] = [];
      for (const quality of CHANGES) times.push(await timeChange(page, quality));
      console.log(
        `  ${output.size} (${first.name}): p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms over ${times.length} changes (goal <= 500 ms)`,
      );
    }
    console.log(`\nEstimate vs the server's file (JPEG, ${OUTPUTS[0]?.size}): (estimate - server) / server`);
    const errors: number[] = [];
    for (const photo of photos) {
      await openDownloadStep(page, server.baseUrl, photo.path, OUTPUTS[0]!);
      const cells: string[] = [];
      for (const quality of QUALITIES) {
        const { estimate, server: real } = await compare(page, quality);
        const error = ((estimate - real) / real) * 100;
        errors.push(Math.abs(error));
        cells.push(`q${quality} ${(estimate / 1024).toFixed(0)}/${(real / 1024).toFixed(0)} KB ${error.toFixed(1)}%`);
      }
      console.log(`  ${photo.name}: ${cells.join(', ')}`);
    }
    console.log(
      `  |error|: mean ${(errors.reduce((a, b) => a + b, 0) / errors.length).toFixed(1)}%, max ${Math.max(...errors).toFixed(1)}%`,
    );
  } finally {
    await browser.close();
    server.stop();
  }
}
