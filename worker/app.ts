import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { depsFrom } from './services/deps';
import { checkEnv } from './environment';
import { bodyLimits } from './middleware/body-limits';
import { handleError, handleNotFound } from './lib/errors';
import { log } from '@social-resizer/engine/log';
import { sameOrigin } from './middleware/same-origin';
import { securityHeaders } from './middleware/security-headers';
import { visitor } from './middleware/visitor';
import { identify } from './middleware/identify';
import { adminRoutes } from './routes/admin';
import { allowanceRoutes } from './routes/allowance';
import { authRoutes } from './routes/auth';
import { batchRoutes } from './routes/batches';
import { contactRoutes } from './routes/contact';
import { conversionRoutes } from './routes/conversions';
import { formatRoutes } from './routes/formats';
import { imageRequestRoutes } from './routes/image-requests';
import { devRoutes } from './routes/dev';
import { pageRoutes } from './routes/pages';
import { paymentRoutes, STRIPE_WEBHOOK_PATH } from './routes/payments';
import { uploadFileRoutes, uploadRoutes } from './routes/uploads';
import { userRoutes } from './routes/user';
import type { AppEnv } from './types';

/** The API, uploaded files, and the app's pages (the built files under /assets are served without the worker). */
export const app = new Hono<AppEnv>();

app.use(requestId());
app.use(securityHeaders());

// One structured line per request: id, method, route pattern, status, duration. No personal data.
app.use(async (c, next) => {
  const started = Date.now();
  await next();
  log(c.res.status >= 500 ? 'error' : 'info', 'request', {
    requestId: c.get('requestId'),
    method: c.req.method,
    route: c.req.routePath,
    status: c.res.status,
    durationMs: Date.now() - started,
  });
});

// Every body on every path is capped, and read to its end before the answer (docs/security.md).
app.use(bodyLimits({ upload: '/api/upload', webhook: STRIPE_WEBHOOK_PATH }));

app.use(async (c, next) => {
  checkEnv(c.env); // once per isolate: a missing binding or malformed secret is a logged 500
  const deps = depsFrom(c.env);
  c.set('deps', deps);
  c.set('db', deps.db);
  await next();
});

app.use(visitor);

const api = new Hono<AppEnv>()
  // The webhook comes from Stripe's servers and proves itself by its signature instead.
  .use(sameOrigin({ exempt: [STRIPE_WEBHOOK_PATH] }))
  .use(identify)
  .get('/health', (c) => c.json({ ok: true }))
  .route('/', formatRoutes)
  .route('/', authRoutes)
  .route('/', userRoutes)
  .route('/', contactRoutes)
  .route('/', uploadRoutes)
  .route('/', imageRequestRoutes)
  .route('/', allowanceRoutes)
  .route('/', paymentRoutes)
  .route('/', conversionRoutes)
  .route('/', batchRoutes)
  .route('/', adminRoutes)
  .route('/', devRoutes);

app.route('/api', api);
app.route('/', uploadFileRoutes);
app.route('/', pageRoutes);

app.notFound(handleNotFound);
app.onError(handleError);
