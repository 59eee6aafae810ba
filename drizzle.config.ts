import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -- --name <change>` writes the next SQL migration from worker/db/schema.ts;
// wrangler applies migrations/*.sql in order (locally before start, remotely on deploy).
export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/db/schema.ts',
  out: './migrations',
});
