/**
 * `npm run build`'s last step: draws the pages of PRERENDERED_PAGES (shared/pages.ts) into the
 * built app, each as dist/client/pages/<path>.html: the built index.html with the page's title and
 * description and its content in #root. The worker answers those paths with them
 * (worker/routes/pages.ts; docs/decisions/0015-first-paint.md).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { NOT_FOUND_ASSET, NOT_FOUND_DRAWN_FROM, PRERENDERED_PAGES, prerenderedAsset } from '../shared/pages';

const CLIENT = join(import.meta.dirname, '../dist/client');

/**
 * The head tags React puts first in its output (title, description, preloads), each marked
 * data-prerendered so the app removes them when its own take over (app/main.tsx), and the rest.
 */
export function splitHead(html: string): { head: string; body: string } {
  const lead = /^(?:<(?:title>[^<]*<\/title|meta [^>]*\/|link [^>]*\/)>)+/.exec(html)?.[0] ?? '';
  return { head: lead.replace(/<(title|meta|link)/g, '<$1 data-prerendered=""'), body: html.slice(lead.length) };
}

/**
 * The built index.html with the page's head tags in place of its title and the page in #root. The
 * page is inert until the app's first render replaces it: a tap before then would be lost on a
 * button the app has not wired yet (links and all), so none is taken; `display: contents` keeps the
 * wrapper out of the layout.
 */
export function pageHtml(template: string, rendered: string): string {
  const { head, body } = splitHead(rendered);
  const title = /<title>[^<]*<\/title>/;
  if (!title.test(template) || !template.includes('<div id="root"></div>'))
    throw new Error('index.html has no <title> or no empty <div id="root">');
  return template
    .replace(title, () => head)
    .replace('<div id="root"></div>', () => `<div id="root"><div inert style="display:contents">${body}</div></div>`);
}

async function main() {
  const template = readFileSync(join(CLIENT, 'index.html'), 'utf8');
  // Only React's transform: the app's modules run in Node as they are (no Worker, no code splitting).
  const server = await createServer({
    configFile: false,
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
  });
  try {
    const { renderPage } = (await server.ssrLoadModule('/app/prerender.tsx')) as {
      renderPage: (path: string) => Promise<string>;
    };
    // Every page the same for everyone, and "Page not found" (which the worker answers with a 404).
    const drawn = [
      ...PRERENDERED_PAGES.map((path) => [path, prerenderedAsset(path)] as const),
      [NOT_FOUND_DRAWN_FROM, NOT_FOUND_ASSET] as const,
    ];
    for (const [path, asset] of drawn) {
      const file = join(CLIENT, `${asset}.html`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, pageHtml(template, await renderPage(path)));
    }
    console.log(`prerendered ${drawn.length} pages into dist/client/pages`);
  } finally {
    await server.close();
  }
}

if (process.argv[1] === import.meta.filename) await main();
