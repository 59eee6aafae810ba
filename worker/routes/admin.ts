import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { adminLoginSchema } from '../../shared/schemas';
import { ApiError } from '../lib/errors';
import { validate } from '../lib/validate';
import { secureCookies } from '../middleware/visitor';
import {
  ADMIN_SESSION_MS,
  adminLogin,
  assertAdminAvailable,
  endAdminSession,
  isAdminSession,
  listContactMessages,
  listPayments,
  listUsers,
} from '../services/site/admin';
import type { AppEnv } from '../types';

/** The admin session's cookie: HttpOnly, SameSite=Strict, sent only to the admin API. */
export const ADMIN_COOKIE = 'sr_admin';
const COOKIE_PATH = '/api/admin';
const adminToken = (c: Context<AppEnv>) => getCookie(c, ADMIN_COOKIE);

/** The admin API: login and logout, then users, payments and contact messages (401 without an admin session). */
export const adminRoutes = new Hono<AppEnv>()
  .use('/admin/*', async (c, next) => {
    assertAdminAvailable(c.env);
    await next();
  })
  .post('/admin/login', validate('json', adminLoginSchema), async (c) => {
    const token = await adminLogin(c.get('db'), c.env, c.get('caller').ip, c.req.valid('json').password);
    setCookie(c, ADMIN_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: secureCookies(c),
      path: COOKIE_PATH,
      maxAge: ADMIN_SESSION_MS / 1000,
    });
    return c.json({ ok: true });
  })
  .post('/admin/logout', async (c) => {
    await endAdminSession(c.get('db'), adminToken(c));
    deleteCookie(c, ADMIN_COOKIE, { path: COOKIE_PATH, secure: secureCookies(c) });
    return c.json({ ok: true });
  })
  // Everything registered after this point needs an admin session (login and logout above do not).
  .use('/admin/*', async (c, next) => {
    if (!(await isAdminSession(c.get('db'), adminToken(c))))
      throw new ApiError(401, 'Please log in to the admin area.');
    await next();
    c.header('Cache-Control', 'private, no-store');
  })
  .get('/admin/session', (c) => c.json({ ok: true }))
  .get('/admin/users', async (c) => c.json(await listUsers(c.get('db'))))
  .get('/admin/payments', async (c) => c.json(await listPayments(c.get('db'))))
  .get('/admin/contact-messages', async (c) => c.json(await listContactMessages(c.get('db'))));
