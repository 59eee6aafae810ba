import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { CareersPage } from '../features/careers/careers-page';

export const Route = createFileRoute('/careers')({
  head: () => pageHead('Careers', 'Join the team building the best image resizer for social platforms.'),
  component: CareersPage,
});
