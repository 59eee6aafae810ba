import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/layout/page';
import { ContactPage } from '../features/contact/contact-page';

export const Route = createFileRoute('/contact')({
  head: () =>
    pageHead(
      'Contact',
      'Questions about formats, payments or your account? Send us a message; we reply within 24 hours on business days.',
    ),
  component: ContactPage,
});
