/**
 * E-mail. With RESEND_API_KEY and MAIL_FROM set, messages go through Resend's HTTP API
 * (POST https://api.resend.com/emails). Without them, in development, they are written to the
 * local outbox (D1) that the /outbox page shows, so flows that send mail work on a fresh machine.
 * Production never uses the outbox: without the provider, what sends mail answers 503
 * (docs/decisions/0011-fail-closed-when-deployed.md).
 */
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import { ApiError, NOT_SET_UP_RETRY_AFTER } from '../../lib/errors';
import { log } from '@social-resizer/engine/log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

type MailEnv = Pick<Env, 'ENVIRONMENT' | 'RESEND_API_KEY' | 'MAIL_FROM'>;

const RESEND_URL = 'https://api.resend.com/emails';
const OUTBOX_SIZE = 50;

export const MAIL_UNAVAILABLE =
  'E-mail cannot be sent right now, so password reset is not available. Please try again later.';

/** Resend with a key and a sender; without them the local outbox in development, and nothing in production. */
function mailMode(env: MailEnv): 'resend' | 'outbox' | null {
  if (env.RESEND_API_KEY && env.MAIL_FROM) return 'resend';
  return env.ENVIRONMENT === 'production' ? null : 'outbox';
}

/** Whether mail is written to the local outbox instead of sent (development without a provider). */
export function usesOutbox(env: MailEnv): boolean {
  return mailMode(env) === 'outbox';
}

/** 503, logged, when no mail can be sent: production without RESEND_API_KEY and MAIL_FROM. */
export function assertMailAvailable(env: MailEnv): void {
  if (mailMode(env) !== null) return;
  log(
    'error',
    'mail refused: RESEND_API_KEY and MAIL_FROM are not both set in production, and the local outbox never runs there',
  );
  throw new ApiError(503, MAIL_UNAVAILABLE, NOT_SET_UP_RETRY_AFTER);
}

/** Sends one message; a provider failure is logged and thrown (the caller decides what the user sees). */
export async function sendMail(env: MailEnv, db: Db, mail: Mail, send: typeof fetch = fetch): Promise<void> {
  assertMailAvailable(env);
  if (usesOutbox(env)) {
    await db.insert(outboxMessages).values(mail);
    return;
  }
  const res = await send(RESEND_URL, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.RESEND_API_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ from: env.MAIL_FROM, to: [mail.to], subject: mail.subject, text: mail.text }),
  });
  if (!res.ok) {
    log('error', 'mail not sent', { status: res.status, subject: mail.subject });
    throw new Error(`mail provider answered ${res.status}`);
  }
}

/** The local outbox, newest first. */
export function readOutbox(db: Db) {
  return db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(OUTBOX_SIZE);
}
