import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { staticHeadersFile } from './worker/middleware/security-headers';

// Nothing here may reach the network: no metrics, no fetch of the Request.cf placeholder.
process.env.WRANGLER_SEND_METRICS ??= 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';

const port = process.env.PORT ? Number(process.env.PORT) : undefined;

// One build: the React app (index.html -> app/main.tsx) as static assets, and the Worker
// (wrangler.toml's main) that serves them and the API. `vite dev` and `vite preview` run the
// Worker in workerd with local D1, R2, the Durable Object and the queues.
/** Writes `_headers` (CSP and the other security headers) into the static app's build. */
function securityHeadersFile(): Plugin {
  return {
    name: 'social-resizer:security-headers',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: staticHeadersFile() });
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './app/routes',
      generatedRouteTree: './app/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    tailwindcss(),
    cloudflare({ configPath: './wrangler.toml' }),
    securityHeadersFile(),
  ],
  server: { port: port ?? 5173, strictPort: port !== undefined },
  preview: { port: port ?? 8787, strictPort: true },
});
