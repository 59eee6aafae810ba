import { createFileRoute, redirect } from '@tanstack/react-router';

// The checkout needs an image request: without one the visitor goes home (docs/product.md, "Payments").
export const Route = createFileRoute('/checkout/')({
  beforeLoad: () => {
    throw redirect({ to: '/', search: {} });
  },
});
