import { createFileRoute } from '@tanstack/react-router';
import { z } from '../../shared/zod';
import { pageHead } from '../components/layout/page';
import { CheckoutPage } from '../features/checkout/checkout-page';

export const Route = createFileRoute('/checkout/$imageRequestId')({
  validateSearch: z.lazy(() =>
    z.object({
      plan: z.string().optional().catch(undefined),
      // The router reads `success=true` as a boolean; a string is accepted too.
      success: z
        .union([z.boolean(), z.string()])
        .transform((v) => String(v) === 'true')
        .optional()
        .catch(undefined),
      // Stripe adds these when a payment needed a redirect (3-D Secure) and comes back here.
      payment_intent: z.string().optional().catch(undefined),
    }),
  ),
  head: () => pageHead('Secure Checkout', 'Pay once for your image and download it straight away.'),
  component: CheckoutPage,
});
