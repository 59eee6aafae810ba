/**
 * Money, decided here and nowhere else:
 * - the amount comes from the plan on the server, never from the browser;
 * - access is granted only for an intent the provider itself reports succeeded, for the amount,
 *   currency and metadata recorded when it was created;
 * - granting happens once: the browser's confirm call and the webhook share `grantIfPaid`, and the
 *   payment row's `granted_at` is set by exactly one of them (the other changes nothing).
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { findPlan, type Plan } from '../../../../shared/plans';
import { SINGLE_ACCESS_DAYS } from '../../../../shared/limits';
import type { Db } from '../../../db/client';
import {
  imageRequests,
  payments,
  stripeEvents,
  users,
  type ImageRequest,
  type Payment,
  type User,
} from '../../../db/schema';
import { clock, DAY_MS } from '../../../lib/clock';
import { ApiError } from '../../../lib/errors';
import { log } from '@social-resizer/engine/log';
import { getOwnedRequest } from '../../uploads/image-requests';
import { assertNotExpired } from '../../uploads/uploads';
import { ownedBy, ownerOf, type Caller } from '../../caller';
import type { Intent, PaymentProvider } from './provider';

export const CURRENCY = 'usd';
/** A single-image purchase gives access to that image for 30 days (plan feature). */
export const SINGLE_ACCESS_MS = SINGLE_ACCESS_DAYS * DAY_MS;
/** An unpaid intent is offered again rather than a second one made, for this long. */
const REUSE_PENDING_MS = DAY_MS;

export const PAYMENT_NOT_FOUND = 'Payment not found';

function requirePlan(planId: string): Plan {
  const plan = findPlan(planId);
  if (!plan) throw new ApiError(404, `Plan not found: "${planId}"`);
  return plan;
}

function assertCanBuy(plan: Plan, user: User | null, request: ImageRequest | null): void {
  if (plan.id === 'unlimited' && !user)
    throw new ApiError(401, 'Please sign in to buy Unlimited Access, so it is yours on every device.');
  if (user?.hasUnlimitedAccess)
    throw new ApiError(409, 'You already have unlimited access: every download is included.');
  if (plan.id === 'single' && request?.acquiredAt)
    throw new ApiError(409, 'This image is already yours: download it from the download step or your account.');
}

/**
 * An intent for the plan (and the image, for checkout), recorded as a pending payment. An unpaid
 * intent of the same buyer, plan and image from the last day is offered again instead of a new one,
 * so two tabs cannot charge twice.
 */
export async function startPayment(
  db: Db,
  provider: PaymentProvider,
  caller: Caller,
  input: { planId: string; imageRequestId: string | null },
): Promise<{ clientSecret: string; paymentIntentId: string }> {
  const plan = requirePlan(input.planId);
  const owned = input.imageRequestId ? await getOwnedRequest(db, input.imageRequestId, caller) : null;
  // Nobody pays for an image that is already deleted.
  if (owned && plan.id === 'single') assertNotExpired(owned.upload);
  const request = owned?.request ?? null;
  assertCanBuy(plan, caller.user, request);

  const pending = await db
    .select()
    .from(payments)
    .where(
      and(
        ownedBy(caller, payments),
        eq(payments.planId, plan.id),
        request ? eq(payments.imageRequestId, request.id) : isNull(payments.imageRequestId),
        eq(payments.status, 'pending'),
        gt(payments.createdAt, new Date(clock.now().getTime() - REUSE_PENDING_MS)),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .get();
  if (pending) {
    const intent = await provider.retrieveIntent(pending.stripePaymentIntentId);
    if (intent && intent.status !== 'succeeded' && intent.status !== 'canceled' && intent.amount === plan.amountCents) {
      return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
    }
  }

  const metadata = {
    planId: plan.id,
    imageRequestId: request?.id ?? '',
    userId: caller.user?.id ?? '',
    visitorId: caller.visitorId,
  };
  const intent = await provider.createIntent({
    amountCents: plan.amountCents,
    currency: CURRENCY,
    metadata,
    description: plan.name,
  });
  await db.insert(payments).values({
    stripePaymentIntentId: intent.id,
    planId: plan.id,
    amountCents: plan.amountCents,
    currency: CURRENCY,
    ...ownerOf(caller),
    imageRequestId: request?.id ?? null,
  });
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
}

/** Why the intent does not pay for the payment, or null when it does. */
export function mismatch(payment: Payment, intent: Intent): { status: 409 | 422; message: string } | null {
  if (intent.status !== 'succeeded')
    return {
      status: 409,
      message: `The payment has not succeeded (its status is ${intent.status}). Nothing was charged for access yet.`,
    };
  const plan = findPlan(payment.planId);
  if (
    !plan ||
    intent.amount !== plan.amountCents ||
    intent.amountReceived !== plan.amountCents ||
    payment.amountCents !== plan.amountCents
  ) {
    return {
      status: 422,
      message: 'The payment amount does not match the plan. Nothing was granted; please contact support.',
    };
  }
  if (intent.currency !== CURRENCY || payment.currency !== CURRENCY)
    return { status: 422, message: 'The payment currency does not match the plan. Nothing was granted.' };
  const m = intent.metadata;
  if (
    m.planId !== payment.planId ||
    (m.imageRequestId ?? '') !== (payment.imageRequestId ?? '') ||
    (m.visitorId ?? '') !== (payment.visitorId ?? '')
  ) {
    return { status: 422, message: 'The payment does not belong to this order. Nothing was granted.' };
  }
  return null;
}

/**
 * Grants what the payment bought if the intent pays for it, once. Answers true when this call
 * granted, false when it had been granted already; throws the mismatch otherwise.
 */
export async function grantIfPaid(db: Db, payment: Payment, intent: Intent): Promise<boolean> {
  const problem = mismatch(payment, intent);
  if (problem) throw new ApiError(problem.status, problem.message);
  const now = clock.now();
  const claimed = await db
    .update(payments)
    .set({
      status: 'succeeded',
      grantedAt: now,
      accessExpiresAt: payment.planId === 'single' ? new Date(now.getTime() + SINGLE_ACCESS_MS) : null,
      updatedAt: now,
    })
    .where(and(eq(payments.id, payment.id), isNull(payments.grantedAt)))
    .returning({ id: payments.id });
  if (claimed.length === 0) return false;
  if (payment.planId === 'unlimited' && payment.userId) {
    await db.update(users).set({ hasUnlimitedAccess: true }).where(eq(users.id, payment.userId));
  }
  if (payment.planId === 'single' && payment.imageRequestId) {
    await db
      .update(imageRequests)
      .set({ acquiredAt: sql`coalesce(${imageRequests.acquiredAt}, ${now.getTime()})` })
      .where(eq(imageRequests.id, payment.imageRequestId));
  }
  log('info', 'payment granted', { paymentId: payment.id, planId: payment.planId });
  return true;
}

async function findPayment(db: Db, paymentIntentId: string): Promise<Payment | undefined> {
  return db.select().from(payments).where(eq(payments.stripePaymentIntentId, paymentIntentId)).get();
}

/**
 * The browser says its payment went through: the provider is asked, and access granted if so.
 * Someone else's intent (or one we never made) is "not found"; an intent for another image is 422.
 */
export async function confirmPayment(
  db: Db,
  provider: PaymentProvider,
  caller: Caller,
  input: { paymentIntentId: string; imageRequestId: string | null },
): Promise<Payment> {
  const payment = await db
    .select()
    .from(payments)
    .where(and(eq(payments.stripePaymentIntentId, input.paymentIntentId), ownedBy(caller, payments)))
    .get();
  if (!payment) throw new ApiError(404, PAYMENT_NOT_FOUND);
  if ((payment.imageRequestId ?? null) !== input.imageRequestId)
    throw new ApiError(422, 'This payment is for another order.');
  const intent = await provider.retrieveIntent(payment.stripePaymentIntentId);
  if (!intent) throw new ApiError(404, PAYMENT_NOT_FOUND);
  await grantIfPaid(db, payment, intent);
  return (await findPayment(db, payment.stripePaymentIntentId)) ?? payment;
}

/**
 * The provider says an intent succeeded (the webhook, or the local provider's card form): the
 * intent is fetched again (an event's copy may be stale or forged) and granted if it pays. An
 * intent that does not match is logged and left ungranted; one that is not ours is ignored.
 */
export async function handleIntentSucceeded(db: Db, provider: PaymentProvider, paymentIntentId: string): Promise<void> {
  const payment = await findPayment(db, paymentIntentId);
  if (!payment) return log('warn', 'succeeded intent with no payment row', { paymentIntentId });
  const intent = await provider.retrieveIntent(paymentIntentId);
  if (!intent) return log('warn', 'succeeded intent unknown to the provider', { paymentIntentId });
  const problem = mismatch(payment, intent);
  if (problem) return log('warn', 'succeeded intent not granted', { paymentId: payment.id, reason: problem.message });
  await grantIfPaid(db, payment, intent);
}

/** A failed attempt: recorded on a pending payment; never undoes a success (events come out of order). */
export async function handleIntentFailed(db: Db, paymentIntentId: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'failed', updatedAt: clock.now() })
    .where(and(eq(payments.stripePaymentIntentId, paymentIntentId), eq(payments.status, 'pending')));
}

/**
 * One verified Stripe event, handled once per event id. The id is recorded after the work, so a
 * failure throws (the webhook answers 500) and Stripe delivers the event again.
 */
export async function handleStripeEvent(
  db: Db,
  provider: PaymentProvider,
  event: { id: string; type: string; data: { object: unknown } },
): Promise<'handled' | 'duplicate'> {
  if (await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).get()) {
    return 'duplicate';
  }
  const intentId = (event.data.object as { id?: string }).id ?? '';
  if (event.type === 'payment_intent.succeeded') await handleIntentSucceeded(db, provider, intentId);
  else if (event.type === 'payment_intent.payment_failed') await handleIntentFailed(db, intentId);
  else log('info', 'stripe event ignored', { type: event.type });
  await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return 'handled';
}
