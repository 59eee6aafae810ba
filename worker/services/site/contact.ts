/** The contact form and the blog's newsletter box: both are stored so they reach us. */
import type { z } from 'zod';
import type { contactMessageSchema } from '../../../shared/schemas';
import type { Db } from '../../db/client';
import { contactMessages, newsletterSubscriptions } from '../../db/schema';

export async function saveContactMessage(
  db: Db,
  input: z.output<typeof contactMessageSchema>,
): Promise<string | undefined> {
  const [row] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  return row?.id;
}

/** Subscribing twice is not an error, and nothing tells whether the address was already on the list. */
export async function subscribe(db: Db, email: string): Promise<void> {
  await db.insert(newsletterSubscriptions).values({ email }).onConflictDoNothing();
}
