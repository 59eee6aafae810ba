/** The two plans (docs/product.md, "Payments"), in US dollars. The server charges from this list. */
export const PLAN_IDS = ['single', 'unlimited'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** A payment is recorded pending when its intent is made, then succeeds or fails (worker/db/schema.ts `payments`). */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Dollars, for display. */
  price: number;
  /** Cents, what the payment provider is asked for. */
  amountCents: number;
  description: string;
  features: string[];
  isPopular?: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'single',
    name: 'Single Download',
    price: 1.99,
    amountCents: 199,
    description: 'Download this image once, in every format you choose.',
    features: ['No watermarks', 'JPEG, WebP or transparent PNG', '30-day access to this image', 'One-time download'],
  },
  {
    id: 'unlimited',
    name: 'Unlimited Access',
    price: 9.99,
    amountCents: 999,
    description: 'One payment, unlimited downloads for ever.',
    features: ['Unlimited downloads', 'All platform formats', 'Forever access', 'No subscription'],
    isPopular: true,
  },
];

export function findPlan(id: string | undefined | null): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}
