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
    // A page's state after a click, a load or the app taking over a drawn page: a second (vitest's
    // default) is too short on two busy cores; a state that never comes still fails.
    expect: { poll: { timeout: 10_000 } },
  },
});
