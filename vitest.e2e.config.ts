import { defineConfig } from 'vitest/config';

// Browser tests: Debian's Chromium, driven by playwright-core, against the built app served by
// `wrangler dev` (the same server as `npm start`). `npm run test:e2e` builds and migrates first.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['./test/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
