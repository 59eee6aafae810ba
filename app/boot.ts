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
/**
 * Resolves once the browser has shown the drawn page's text: its first contentful paint, which is
 * reported when the frame is on screen (a frame begun is not yet one shown: a slow phone or a busy
 * compositor may show it much later), or after a frame where paint timing is not reported, and
 * within 3 s whatever happens (a tab opened in the background paints nothing until it is shown).
 */
function afterFirstPaint() {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, 3000);
    let observer: PerformanceObserver | undefined;
    function done() {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    }
    if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } else requestAnimationFrame(() => setTimeout(done, 0));
  });
}
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Fetches the scripts the page named for later, so the imports below wait for none of them. Two
 * links a task: each starts its fetch there and then (10-20 ms on Lighthouse's phone), and a page
 * names up to 34.
 */
async function preloadNamedScripts() {
  const named = document.querySelector<HTMLMetaElement>(`meta[name="${APP_SCRIPTS_META}"]`)?.content ?? '';
  for (const [index, href] of named.split(' ').filter(Boolean).entries()) {
    if (index > 0 && index % 2 === 0) await nextTask();
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });
    document.head.append(link);
  }
}

/**
 * The app's module graph in dependency order, each stage a module (and what it imports) that the
 * next would otherwise evaluate in the same task.
 */
const STAGES = [
  () => import('./lib/api'),
  () => import('../shared/schemas'),
  () => import('react-dom/client'),
  () => import('@tanstack/react-router'),
  () => import('./lib/cn'),
  () => import('./routeTree.gen'),
  () => import('./main'),
];

async function start() {
  if (drawn) await afterFirstPaint();
  await preloadNamedScripts();
  for (const stage of STAGES) {
    await stage();
    await nextTask();
  }
}

void start();
