import { createFileRoute, redirect } from '@tanstack/react-router';

// The checkout needs an image request: without one the visitor goes home (spec document 1, section 2).
export const Route = createFileRoute('/checkout/')({
  beforeLoad: () => {
    throw redirect({ to: '/', search: {} });
  },
});
