/**
 * The page's first script. A page the build drew ahead of time (scripts/prerender.ts) is painted
 * before the app's code runs: that code is most of a slow phone's first second, and a cached copy
 * would otherwise run before the drawn page shows (docs/decisions/0015-first-paint.md). The app's
 * scripts are already loading meanwhile (the worker names them in the page).
 *
 * The app's code then runs in stages, each its own task with the browser let in between: a module
 * graph evaluates in one go, and the whole app's would be one long task that holds up a tap.
 */
import './styles.css';

const drawn = document.getElementById('root')?.hasChildNodes() ?? false;
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  if (drawn) await afterPaint();
  await import('./lib/api');
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('./routeTree.gen');
  await nextTask();
  await import('./main');
}

void start();
