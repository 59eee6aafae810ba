import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { OutboxPage } from '../features/auth/outbox-page';

export const Route = createFileRoute('/outbox')({
  head: () => pageHead('Local outbox', 'E-mail a development server would have sent.'),
  component: OutboxPage,
});
