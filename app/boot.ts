/**
 * The page's first script. A page the build drew ahead of time (scripts/prerender.ts) is painted
 * before the app's code runs: that code is most of a slow phone's first second, and a cached copy
 * would otherwise run before the drawn page shows (docs/decisions/0015-first-paint.md). The worker
 * names the app's scripts in the page: a page the app draws preloads them beside this one; a drawn
 * page lists them (APP_SCRIPTS_META) and they are preloaded here, once it has painted, so on a slow
 * line they do not compete with its text and styles.
 *
 * The app's code then runs in stages, each its own task with the browser let in between: a module
 * graph evaluates in one go, and the whole app's would be one long task that holds up a tap.
 */
import { APP_SCRIPTS_META } from '../shared/pages';
import './styles.css';

const drawn = document.getElementById('root')?.hasChildNodes() ?? false;
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Fetches, all at once, the scripts the page named for later: the imports below then wait for none of them. */
function preloadNamedScripts() {
  const named = document.querySelector<HTMLMetaElement>(`meta[name="${APP_SCRIPTS_META}"]`)?.content ?? '';
  for (const href of named.split(' ').filter(Boolean)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });
    document.head.append(link);
  }
}

async function start() {
  if (drawn) await afterPaint();
  preloadNamedScripts();
  await import('./lib/api');
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('./routeTree.gen');
  await nextTask();
  await import('./main');
}

void start();
