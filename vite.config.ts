import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { routePreloads } from './scripts/route-preloads';
import { staticHeadersFile } from './worker/middleware/security-headers';

// Nothing here may reach the network: no metrics, no fetch of the Request.cf placeholder.
process.env.WRANGLER_SEND_METRICS ??= 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';

const devPort = process.env.PORT ? Number(process.env.PORT) : 5173;

// One build: the React app (index.html -> app/main.tsx) as static assets, and the Worker
// (wrangler.toml's main) that serves them and the API. `vite dev` runs the Worker in workerd with
// local D1, R2, the Durable Object and the queues. The build is served locally by `npm start`
// (wrangler dev, scripts/local-server.ts), not `vite preview`, which would run it as deployed.
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

export default defineConfig(({ command, isPreview }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './app/routes',
      generatedRouteTree: './app/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    tailwindcss(),
    cloudflare({
      configPath: './wrangler.toml',
      // wrangler.toml is what is deployed (production); `vite dev` is development on its own
      // address. A .dev.vars file still overrides these. The build keeps wrangler.toml's vars.
      config:
        command === 'serve' && !isPreview
          ? { vars: { ENVIRONMENT: 'development', PUBLIC_ORIGIN: `http://localhost:${devPort}` } }
          : undefined,
    }),
    securityHeadersFile(),
    routePreloads(),
  ],
  // A fixed port: PUBLIC_ORIGIN names it, so a silent move to 5174 would refuse every form.
  server: { port: devPort, strictPort: true },
  build: {
    // React and TanStack Query each as one script. Split by which pages share which part, they were
    // five scripts on every page (React's core 8 kB beside its DOM entry's 4 kB; Query in three of
    // 38 bytes to 8 kB, its core inside the API client's), and every script costs a page a request
    // and a compile: three fewer on every page, the same code (docs/decisions/0015-first-paint.md).
    // React DOM's client stays a script of its own: the app's start evaluates it in a task of its
    // own (app/boot.ts).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react[\\/]|react-dom[\\/](index|cjs[\\/]react-dom\.production))/,
              priority: 2,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
}));
