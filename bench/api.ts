/**
 * The first result as a user waits for it, through the API of the server `npm start` runs (the
 * built worker in wrangler dev, local D1 and R2): upload, record the request, render the LinkedIn
 * banner. Beside it, sharp (single thread, cache off) decoding, cropping, resizing and writing the
 * same PNG. Issue 21's first goal is a ratio of 3 or less. Needs `npm run build` and
 * `npm run db:migrate` first (`npm run bench -- api` does not build).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { centredCrop } from '../shared/crop';
import { findFormatByName, type PlatformFormat } from '../shared/formats';
import { startWranglerDev } from '../scripts/local-server';
import type { Photo } from './photos';

const RUNS = 3;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

export async function benchApi(photos: Photo[]): Promise<void> {
  const banner = findFormatByName('linkedin', 'banner')!;
  const server = await startWranglerDev(Number(process.env.BENCH_PORT ?? 8797));
  sharp.concurrency(1);
  sharp.cache(false);
  console.log(
    `\nFirst result through the API (${server.baseUrl}): upload, then the LinkedIn banner as PNG; best of ${RUNS}`,
  );
  try {
    for (const photo of photos) {
      try {
        const best = await benchPhoto(server.baseUrl, photo, banner);
        const ours = best.upload + best.process;
        console.log(
          `  ${photo.name}: upload ${best.upload.toFixed(0)} ms + request and render ${best.process.toFixed(0)} ms = ${ours.toFixed(0)} ms; sharp ${best.sharp.toFixed(0)} ms; ratio ${(ours / best.sharp).toFixed(1)} (goal <= 3)`,
        );
      } catch (error) {
        // A refusal is a figure too (issue 21's third goal: any phone photo straight to the API).
        console.log(`  ${photo.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    server.stop();
  }
}

/** The best of RUNS of each part, in ms. */
async function benchPhoto(baseUrl: string, photo: Photo, banner: PlatformFormat) {
  const bytes = readFileSync(photo.path);
  const best = { upload: Infinity, process: Infinity, sharp: Infinity };
  for (let run = 0; run < RUNS; run++) {
    const headers: Record<string, string> = {
      Origin: baseUrl,
      'CF-Connecting-IP': `10.98.${run}.${Math.floor(Math.random() * 250)}`,
    };
    const form = new FormData();
    form.append('image', new File([bytes], photo.name));
    const [uploaded, uploadMs] = await timed(async () => {
      const res = await fetch(`${baseUrl}/api/upload`, { method: 'POST', body: form, headers });
      if (res.status !== 201) throw new Error(`upload ${res.status}: ${await res.text()}`);
      // The visitor's cookie: the request and its render must come from the same browser.
      headers.Cookie = res.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      return (await res.json()) as { path: string; originalFilename: string; width: number; height: number };
    });
    const crop = centredCrop(uploaded, banner, 1);
    const [, processMs] = await timed(async () => {
      const created = await fetch(`${baseUrl}/api/image-requests`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          originalFilename: uploaded.originalFilename,
          originalPath: uploaded.path,
          platform: banner.platform,
          format: banner.format,
          width: banner.width,
          height: banner.height,
          cropDetails: crop,
          output: { type: 'png', quality: 82 },
        }),
      });
      if (created.status !== 201) throw new Error(`request ${created.status}: ${await created.text()}`);
      const { id } = (await created.json()) as { id: string };
      const processed = await fetch(`${baseUrl}/api/process-image/${id}`, { method: 'POST', headers });
      if (processed.status !== 200) throw new Error(`process ${processed.status}: ${await processed.text()}`);
      await processed.arrayBuffer();
    });
    const [, sharpMs] = await timed(() =>
      sharp(bytes)
        .rotate()
        .extract({
          left: Math.round(crop.x),
          top: Math.round(crop.y),
          width: Math.round(crop.width),
          height: Math.round(crop.height),
        })
        .resize(banner.width, banner.height)
        .png()
        .toBuffer(),
    );
    best.upload = Math.min(best.upload, uploadMs);
    best.process = Math.min(best.process, processMs);
    best.sharp = Math.min(best.sharp, sharpMs);
  }
  return best;
}
