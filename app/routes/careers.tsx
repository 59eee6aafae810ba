import { createFileRoute } from '@tanstack/react-router';
import { Page, pageHead } from '../components/layout/page';

export const Route = createFileRoute('/careers')({
  head: () => pageHead('Careers', 'Join the team building the best image resizer for social platforms.'),
  component: () => <Page title="Careers" intro="Help people look their best on every platform." />,
});
