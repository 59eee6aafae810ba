import { chromium } from 'playwright-core';
const base = 'http://localhost:8802';
const file = process.argv[2] ?? 'test/fixtures/corpus/phone-4032x3024-orientation-6.jpg';
const fmt = process.argv[3] ?? 'story';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const [w, h] of [[1280, 800], [375, 812]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  await ctx.setExtraHTTPHeaders({ 'CF-Connecting-IP': `10.9.${w % 250}.${Math.floor(Math.random() * 250)}` });
  const page = await ctx.newPage();
  const box = async (loc) => {
    const b = await loc.first().boundingBox();
    return b ? `${Math.round(b.y)}..${Math.round(b.y + b.height)} x ${Math.round(b.x)}..${Math.round(b.x + b.width)}` : 'none';
  };
  const report = async (label, items) => {
    await page.waitForTimeout(900);
    const hdr = await page.locator('header').first().boundingBox();
    const out = [];
    for (const [n, l] of items) out.push(`${n}=${await box(l)}`);
    const bar = await page.locator('.sticky.bottom-0').first().boundingBox().catch(() => null);
    console.log(`${w}x${h} ${label}: scrollY ${await page.evaluate(() => scrollY)} header ${Math.round(hdr.y + hdr.height)} bar ${bar ? Math.round(bar.y) : '-'}; ${out.join('; ')}`);
    await page.screenshot({ path: `scratch/${w}-${label}.png` });
  };
  await page.goto(base);
  await page.locator('#single-image-file').setInputFiles(file);
  await page.getByText('Upload Successful', { exact: true }).waitFor({ timeout: 30000 });
  await report('upload', [['next', page.getByRole('button', { name: 'Next: Choose Format' })], ['pic', page.getByRole('img', { name: 'Your picture' })]]);
  await page.getByRole('button', { name: 'Next: Choose Format' }).click();
  await page.getByTestId('crop-preview').locator('img').waitFor();
  const adjustItems = () => [['next', page.getByRole('button', { name: 'Next: Download' })], ['crop', page.getByTestId('crop-preview')], ['zoom', page.getByLabel(/^Zoom/)], ['preview', page.getByRole('img', { name: /as it will be$/ })], ['frame', page.locator('.reactEasyCrop_CropArea')]];
  await report('adjust-entry', adjustItems());
  await page.getByLabel('Search formats').fill(fmt);
  await page.locator('label', { has: page.getByRole('radio', { name: /Story/ }) }).first().click();
  await report('adjust', [['next', page.getByRole('button', { name: 'Next: Download' })], ['crop', page.getByTestId('crop-preview')], ['zoom', page.getByLabel(/^Zoom/)], ['preview', page.getByRole('img', { name: /as it will be$/ })], ['list', page.getByTestId('format-list')]]);
  await page.getByRole('button', { name: 'Next: Download' }).click();
  await page.getByText('Ready to Download').waitFor({ timeout: 30000 });
  await report('download', [['dl', page.getByRole('button', { name: 'Download Now' })], ['img', page.getByRole('img', { name: /preview$/ })]]);
  await ctx.close();
}
await browser.close();
