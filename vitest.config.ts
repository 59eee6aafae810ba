import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET } from './test/support/fake-stripe';

process.env.WRANGLER_SEND_METRICS ??= 'false';

function fakeAssets(request: Request): Response {
  if (new URL(request.url).pathname === '/favicon.svg')
    return new Response('<svg xmlns="http://www.w3.org/2000/svg"/>', { headers: { 'Content-Type': 'image/svg+xml' } });
  return new Response('<!doctype html><div id="root"></div>', {
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
}
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';

// wrangler.toml is the deployed (production) configuration; the tests are development on the
// address test/worker/helpers.ts calls. Tests of production pass their own env to the handler.
const DEVELOPMENT = { ENVIRONMENT: 'development', PUBLIC_ORIGIN: 'http://localhost' };

// Three projects: the worker inside workerd (real local D1, R2, Durable Objects, queues),
// pure modules in Node, and the React app in jsdom. `npm run test:e2e` drives Chromium separately.
export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations');
  // The image corpus, handed to workerd as a test-only binding (base64 by file name).
  const corpusDir = './test/fixtures/corpus';
  const corpus = Object.fromEntries(
    readdirSync(corpusDir).map((name) => [name, readFileSync(`${corpusDir}/${name}`).toString('base64')]),
  );
  return {
    test: {
      // Logs of passing tests are noise; a failing test still prints its own.
      silent: 'passed-only' as const,
      // Vitest's default (cores - 1) is one file at a time on a two-core machine, where most of the
      // time is workerd starting and waiting on its own processes: two at a time ran the suite in
      // 382 s instead of 656 s here.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          // With Stripe keys, the official SDK pointed at a fake Stripe the global setup starts.
          plugins: [
            cloudflareTest(({ inject }) => ({
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                bindings: {
                  ...DEVELOPMENT,
                  TEST_MIGRATIONS: migrations,
                  TEST_CORPUS: corpus,
                  STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
                  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_social_resizer',
                  STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
                  STRIPE_API_HOST: '127.0.0.1',
                  STRIPE_API_PORT: String(inject('fakeStripePort')),
                  STRIPE_API_PROTOCOL: 'http',
                  ADMIN_PASSWORD: 'test-admin-secret-7f3a',
                },
                // The built app is not needed here: the assets binding answers as it does for a
                // single-page app, with the favicon as its one file and index.html for any other path.
                serviceBindings: { ASSETS: fakeAssets },
              },
            })),
          ],
          test: {
            name: 'worker',
            include: ['test/worker/**/*.test.ts'],
            exclude: ['test/worker/**/*.local.test.ts'],
            globalSetup: ['./test/support/fake-stripe.ts'],
            setupFiles: ['./test/worker/apply-migrations.ts'],
            // Each test renders real images through the queue: several take 4-6 s on two busy cores.
            testTimeout: 30_000,
          },
        },
        {
          // No Stripe keys: the local test payment provider, as on a fresh machine.
          plugins: [
            cloudflareTest({
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                bindings: { ...DEVELOPMENT, TEST_MIGRATIONS: migrations, TEST_CORPUS: corpus },
                serviceBindings: { ASSETS: fakeAssets },
              },
            }),
          ],
          test: {
            name: 'worker-local',
            include: ['test/worker/**/*.local.test.ts'],
            setupFiles: ['./test/worker/apply-migrations.ts'],
          },
        },
        {
          test: {
            name: 'node',
            environment: 'node',
            include: ['test/shared/**/*.test.ts', 'engine/test/**/*.test.ts'],
            // Property tests walk every format of the catalogue (118 and growing) with the machine busy.
            testTimeout: 60_000,
          },
        },
        {
          plugins: [react()],
          test: {
            name: 'app',
            environment: 'jsdom',
            include: ['test/app/**/*.test.{ts,tsx}'],
            setupFiles: ['./test/app/setup.ts'],
          },
        },
      ],
    },
  };
});
