import { MAX_BATCH_PHOTOS, RETENTION_DAYS } from './limits';

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

/**
 * What each plan gives and for how long, worded once for every page that shows a plan (docs/product.md,
 * "Payments"): a Single Download is one image, kept downloadable until its files are deleted 7 days
 * after upload (the 30 days the payment records never outlast the files, so they are not promised);
 * Unlimited Access is every download and the batch, on the account, for good.
 */
export const PLANS: readonly Plan[] = [
  {
    id: 'single',
    name: 'Single Download',
    price: 1.99,
    amountCents: 199,
    description: `This image, in every format you choose, yours to download until its files are deleted ${RETENTION_DAYS} days after upload.`,
    features: [
      'This image in every format you choose',
      'JPEG, WebP or PNG, no watermark',
      `Download it again free for ${RETENTION_DAYS} days after upload`,
      'Paid once, no subscription',
    ],
  },
  {
    id: 'unlimited',
    name: 'Unlimited Access',
    price: 9.99,
    amountCents: 999,
    description: 'Every image, every format and batches, on your account for good.',
    features: [
      'Unlimited downloads of every image',
      'All platform formats',
      `Batch: up to ${MAX_BATCH_PHOTOS} photos to every format in one ZIP`,
      'Paid once, no subscription',
    ],
    isPopular: true,
  },
];

export function findPlan(id: string | undefined | null): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}
