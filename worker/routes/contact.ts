import { Hono } from 'hono';
import { contactMessageSchema, newsletterSchema } from '../../shared/schemas';
import { contactMessages, newsletterSubscriptions } from '../db/schema';
import { validate } from '../lib/validate';
import type { AppEnv } from '../types';

/** The contact form and the blog's newsletter box: both are stored so they reach us. */
export const contactRoutes = new Hono<AppEnv>()
  .post('/contact', validate('json', contactMessageSchema), async (c) => {
    const input = c.req.valid('json');
    const [row] = await c.get('db').insert(contactMessages).values(input).returning({ id: contactMessages.id });
    return c.json({ id: row?.id }, 201);
  })
  // Subscribing twice is not an error, and the answer does not reveal whether the address was already on the list.
  .post('/newsletter', validate('json', newsletterSchema), async (c) => {
    const { email } = c.req.valid('json');
    await c.get('db').insert(newsletterSubscriptions).values({ email }).onConflictDoNothing();
    return c.json({ subscribed: true }, 201);
  });
