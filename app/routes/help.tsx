import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { HelpPage } from '../features/help/help-page';

export const Route = createFileRoute('/help')({
  head: () => pageHead('Help Center', 'Answers about formats, sizes, downloads, payments and your account.'),
  component: HelpPage,
});
