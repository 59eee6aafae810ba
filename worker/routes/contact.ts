import { Hono } from 'hono';
import { contactMessageSchema } from '../../shared/schemas';
import { contactMessages } from '../db/schema';
import { validate } from '../lib/validate';
import type { AppEnv } from '../types';

/** The contact form: messages are stored so they reach us (the admin reads them). */
export const contactRoutes = new Hono<AppEnv>().post('/contact', validate('json', contactMessageSchema), async (c) => {
  const input = c.req.valid('json');
  const [row] = await c.get('db').insert(contactMessages).values(input).returning({ id: contactMessages.id });
  return c.json({ id: row?.id }, 201);
});
