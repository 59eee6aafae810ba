import { createFileRoute } from '@tanstack/react-router';
import { z } from '../../shared/zod';
import { pageHead } from '../components/layout/page';
import { HomePage } from '../features/home/home-page';
import { TOOL_TABS } from '../features/home/tool-tabs';
import { adjusterSearch } from '../features/adjusters/search';
import { FRAME_PATTERN } from '../features/single-image/steps';
import { SINGLE_STEPS } from '../features/single-image/steps';

export const Route = createFileRoute('/')({
  head: () =>
    pageHead(
      'Social Media Image Resizer',
      'Upload one picture and download it sized for LinkedIn, Instagram, YouTube, the App Store and more. Exact sizes, transparent PNGs.',
    ),
  validateSearch: z.lazy(() =>
    z.object({
      tab: z.enum(TOOL_TABS).optional().catch(undefined),
      /** The Single Image tool's picture, before it has a request: it comes back from the server. */
      upload: z.uuid().optional().catch(undefined),
      /** The Single Image tool's job: its upload, format, crop and zoom come back from the server. */
      request: z.uuid().optional().catch(undefined),
      /** The adjust step's framing before Next records it: a reload finds it as it was. */
      frame: z.coerce.string().regex(FRAME_PATTERN).optional().catch(undefined),
      /** The Single Image tool's step, a history entry each (an unknown one opens the first). */
      step: z.enum(SINGLE_STEPS).optional().catch(undefined),
      /** The open adjuster's step, picture, choices and run: a reload, Back or a link shows them again. */
      ...adjusterSearch,
      /** A catalogue format's id (a Help Center size links to it): the Single Image tool opens on it after the upload. */
      format: z.coerce.number().int().positive().optional().catch(undefined),
    }),
  ),
  component: HomePage,
});
