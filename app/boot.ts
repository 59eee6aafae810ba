/**
 * The page's first script. A page the build drew ahead of time (scripts/prerender.ts) is painted
 * before the app's code runs: that code is most of a slow phone's first second, and a cached copy
 * would otherwise run before the drawn page shows (docs/decisions/0015-first-paint.md). The app's
 * scripts are already loading meanwhile (the worker names them in the page).
 */
import './styles.css';

const drawn = document.getElementById('root')?.hasChildNodes() ?? false;
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

void (drawn ? afterPaint() : Promise.resolve()).then(() => import('./main'));
