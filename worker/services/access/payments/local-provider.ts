/**
 * The built-in test provider for machines without Stripe keys (local development, CI, the
 * browser tests). It keeps PaymentIntents in D1 with Stripe's fields and statuses, and its card
 * form (app/features/checkout/local-card-form.tsx) confirms them here, with Stripe's test cards
 * and Stripe's own decline wording. It never runs in production (see provider.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { localPaymentIntents } from '../../../db/schema';
import { clock } from '../../../lib/clock';
import type { Intent, PaymentProvider } from './types';

type Row = typeof localPaymentIntents.$inferSelect;

function hex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function toIntent(row: Row): Intent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amount: row.amount,
    amountReceived: row.amountReceived,
    currency: row.currency,
    metadata: row.metadata,
  };
}

export function localProvider(db: Db): PaymentProvider {
  return {
    mode: 'local',
    async createIntent({ amountCents, currency, metadata }) {
      const id = `pi_local_${hex(12)}`;
      const [row] = await db
        .insert(localPaymentIntents)
        .values({ id, clientSecret: `${id}_secret_${hex(16)}`, amount: amountCents, currency, metadata })
        .returning();
      if (!row) throw new Error('local intent was not written');
      return toIntent(row);
    },
    async retrieveIntent(id) {
      const row = await db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, id)).get();
      return row ? toIntent(row) : null;
    },
  };
}

export type TestCard = { number: string; expiry: string; cvc: string };

/** A card error as Stripe words it (code and message), or null for a card that pays. */
export type CardError = { code: string; message: string };

/** Stripe's test cards, and the checks Stripe makes, with Stripe's messages. */
export function judgeTestCard(card: TestCard, now: Date): CardError | null {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number))
    return { code: 'invalid_number', message: 'Your card number is invalid.' };
  // 'MM / YY' as card forms show it, or the digits alone ('1234', '122034'), as people type them.
  const expiry =
    /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry) ?? /^\s*(\d{2})(\d{2}|\d{4})\s*$/.exec(card.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12)
    return { code: 'invalid_expiry_month', message: "Your card's expiration date is incomplete." };
  const year = Number(expiry[2]) + (expiry[2]?.length === 2 ? 2000 : 0);
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
    return { code: 'expired_card', message: 'Your card has expired.' };
  if (!/^\d{3,4}$/.test(card.cvc.trim()))
    return { code: 'invalid_cvc', message: "Your card's security code is incomplete." };
  switch (number) {
    case '4242424242424242':
      return null;
    case '4000000000000002':
      return { code: 'card_declined', message: 'Your card was declined.' };
    case '4000000000009995':
      return { code: 'card_declined', message: 'Your card has insufficient funds.' };
    default:
      return {
        code: 'card_declined',
        message:
          'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      };
  }
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Confirms a local intent with a card: the intent succeeds (amount received) or keeps waiting for
 * a payment method with the card's error. Answers the intent after, and the error if any.
 */
export async function confirmLocalIntent(
  db: Db,
  clientSecret: string,
  card: TestCard,
): Promise<{ intent: Intent; error: CardError | null } | null> {
  const row = await db
    .select()
    .from(localPaymentIntents)
    .where(eq(localPaymentIntents.clientSecret, clientSecret))
    .get();
  if (!row) return null;
  if (row.status !== 'requires_payment_method') return { intent: toIntent(row), error: null };
  const now = clock.now();
  const error = judgeTestCard(card, now);
  const [updated] = await db
    .update(localPaymentIntents)
    .set(
      error
        ? { lastError: error.message, updatedAt: now }
        : { status: 'succeeded', amountReceived: row.amount, lastError: null, updatedAt: now },
    )
    .where(eq(localPaymentIntents.id, row.id))
    .returning();
  return { intent: toIntent(updated ?? row), error };
}
