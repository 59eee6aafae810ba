import { Hono } from 'hono';
import { contactMessageSchema, newsletterSchema } from '../../shared/schemas';
import { validate } from '../lib/validate';
import { saveContactMessage, subscribe } from '../services/site/contact';
import type { AppEnv } from '../types';

/** The contact form and the blog's newsletter box. */
export const contactRoutes = new Hono<AppEnv>()
  .post('/contact', validate('json', contactMessageSchema), async (c) =>
    c.json({ id: await saveContactMessage(c.get('db'), c.req.valid('json')) }, 201),
  )
  .post('/newsletter', validate('json', newsletterSchema), async (c) => {
    await subscribe(c.get('db'), c.req.valid('json').email);
    return c.json({ subscribed: true }, 201);
  });
