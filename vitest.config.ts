import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

process.env.WRANGLER_SEND_METRICS ??= 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';

// Three projects: the worker inside workerd (real local D1, R2, Durable Objects, queues),
// pure modules in Node, and the React app in jsdom. `npm run test:e2e` drives Chromium separately.
export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations');
  // The image corpus, handed to workerd as a test-only binding (base64 by file name).
  const corpusDir = './test/fixtures/corpus';
  const corpus = Object.fromEntries(readdirSync(corpusDir).map((name) => [name, readFileSync(`${corpusDir}/${name}`).toString('base64')]));
  return {
    test: {
      // Logs of passing tests are noise; a failing test still prints its own.
      silent: 'passed-only' as const,
      projects: [
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: './wrangler.toml' },
              miniflare: { bindings: { TEST_MIGRATIONS: migrations, TEST_CORPUS: corpus } },
            }),
          ],
          test: {
            name: 'worker',
            include: ['test/worker/**/*.test.ts'],
            setupFiles: ['./test/worker/apply-migrations.ts'],
          },
        },
        {
          test: {
            name: 'node',
            environment: 'node',
            include: ['test/shared/**/*.test.ts', 'test/imaging/**/*.test.ts'],
          },
        },
        {
          plugins: [react()],
          test: {
            name: 'app',
            environment: 'jsdom',
            include: ['test/app/**/*.test.tsx'],
            setupFiles: ['./test/app/setup.ts'],
          },
        },
      ],
    },
  };
});
