import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { pageHead } from '../components/layout/page';
import { Card, CardDescription, CardHeader, CardTitle } from '../components/ui/card';

export const Route = createFileRoute('/checkout/$imageRequestId')({
  validateSearch: z.object({
    plan: z.string().optional().catch(undefined),
    success: z.string().optional().catch(undefined),
  }),
  head: () => pageHead('Secure Checkout', 'Pay once for your image and download it straight away.'),
  component: CheckoutPage,
});

function CheckoutPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Secure Checkout</h1>
      <Card className="mt-8">
        <CardHeader>
          <CardTitle>Order Summary</CardTitle>
          <CardDescription>One-time purchase</CardDescription>
        </CardHeader>
      </Card>
    </main>
  );
}
