import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { PrivacyPage } from '../features/site/privacy-page';

export const Route = createFileRoute('/privacy')({
  head: () => pageHead('Privacy Policy', 'How Social Resizer handles your pictures and your data.'),
  component: PrivacyPage,
});
