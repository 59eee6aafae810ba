import type { D1Migration } from '@cloudflare/vitest-plugin';

declare global {
  namespace Cloudflare {
    interface Env {
      /** Test-only binding: the SQL migrations, applied in the setup file. */
      TEST_MIGRATIONS: D1Migration[];
      /** Test-only binding: test/fixtures/corpus, base64 by file name. */
      TEST_CORPUS: Record<string, string>;
    }
  }
}
