import type { Plugin } from 'vite';
import { EVERY_PAGE, ROUTE_PRELOADS_PATH } from '../shared/pages';

type Chunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
};
type Output = Chunk | { type: 'asset' };

/**
 * Writes, for each route file (app/routes/<name>.tsx, by its name), the scripts its page needs
 * beyond the entry's: the route's split-off code and what it imports; and under EVERY_PAGE the
 * app itself (app/main.tsx and its imports), which the entry (app/boot.ts) imports once the page
 * has painted. The worker names them in the page it answers (docs/decisions/0015-first-paint.md),
 * so the browser fetches them beside the entry instead of after it has run.
 */
export function routePreloads(): Plugin {
  return {
    name: 'social-resizer:route-preloads',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Chunk>();
      for (const output of Object.values(bundle) as Output[])
        if (output.type === 'chunk') chunks.set(output.fileName, output);
      const closure = (start: string[], into = new Set<string>()) => {
        for (const file of start) {
          if (into.has(file)) continue;
          into.add(file);
          closure(chunks.get(file)?.imports ?? [], into);
        }
        return into;
      };
      const entries = [...chunks.values()].filter((c) => c.isEntry);
      const entry = closure(entries.map((c) => c.fileName));
      const app = [...closure(entries.flatMap((c) => c.dynamicImports))].filter((file) => !entry.has(file));
      for (const file of app) entry.add(file);
      const routes: Record<string, string[]> = { [EVERY_PAGE]: app.sort() };
      for (const chunk of chunks.values()) {
        const route = /\/app\/routes\/([^/?]+)\.tsx\?tsr-split/.exec(chunk.facadeModuleId ?? '')?.[1];
        if (!route) continue;
        const files = [...closure([chunk.fileName])].filter((file) => !entry.has(file));
        routes[route] = [...new Set([...(routes[route] ?? []), ...files])].sort();
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_PATH.slice(1), source: JSON.stringify(routes) });
    },
  };
}
