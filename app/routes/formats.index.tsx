import { createFileRoute } from '@tanstack/react-router';
import { FormatsIndexPage } from '../features/formats-guide/formats-index-page';
import { guideHead } from '../features/formats-guide/guide-head';

export const Route = createFileRoute('/formats/')({
  head: guideHead,
  component: FormatsIndexPage,
});
