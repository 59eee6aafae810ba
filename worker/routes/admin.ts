import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { adminLoginSchema, type AdminContactMessage, type AdminPayment } from '../../shared/schemas';
import { contactMessages, payments, users } from '../db/schema';
import { validate } from '../lib/validate';
import { adminLogin, adminLogout, requireAdmin } from '../services/admin';
import { toPublicUser } from '../services/sessions';
import type { AppEnv } from '../types';

/** The admin API: login and logout, then users, payments and contact messages (401 without an admin session). */
export const adminRoutes = new Hono<AppEnv>()
  .post('/admin/login', validate('json', adminLoginSchema), async (c) => {
    await adminLogin(c, c.req.valid('json').password);
    return c.json({ ok: true });
  })
  .post('/admin/logout', async (c) => {
    await adminLogout(c);
    return c.json({ ok: true });
  })
  // Everything registered after this point needs an admin session (login and logout above do not).
  .use('/admin/*', async (c, next) => {
    await requireAdmin(c);
    await next();
    c.header('Cache-Control', 'private, no-store');
  })
  .get('/admin/session', (c) => c.json({ ok: true }))
  .get('/admin/users', async (c) => {
    const rows = await c.get('db').select().from(users).orderBy(desc(users.createdAt));
    return c.json(rows.map(toPublicUser));
  })
  .get('/admin/payments', async (c) => {
    const rows = await c.get('db').select({ payment: payments, username: users.username }).from(payments).leftJoin(users, eq(users.id, payments.userId)).orderBy(desc(payments.createdAt)).limit(500);
    const body: AdminPayment[] = rows.map(({ payment: p, username }) => ({
      id: p.id,
      planId: p.planId,
      amountCents: p.amountCents,
      currency: p.currency,
      status: p.status,
      username,
      createdAt: p.createdAt.toISOString(),
      grantedAt: p.grantedAt?.toISOString() ?? null,
    }));
    return c.json(body);
  })
  .get('/admin/contact-messages', async (c) => {
    const rows = await c.get('db').select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(500);
    const body: AdminContactMessage[] = rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
    return c.json(body);
  });
