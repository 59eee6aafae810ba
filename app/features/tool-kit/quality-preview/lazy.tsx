/** The quality preview's view, fetched only when a step shows it: nothing of it on a page's first load. */
import { lazy } from 'react';

export const LazyQualityPanel = lazy(() => import('./quality-panel'));
