/**
 * A fake of the few Stripe endpoints the worker calls (create and retrieve a PaymentIntent), an
 * HTTP server in Node that the official SDK in workerd is pointed at (host, port, protocol), so the
 * payment tests need no network. Tests steer it through `/_fake/...`: pay an intent, tamper with it,
 * or make an intent the worker never asked for.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';

export const FAKE_SECRET_KEY = 'sk_test_fake_social_resizer';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_social_resizer';

type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  livemode: false;
  created: number;
};

const intents = new Map<string, FakeIntent>();
let counter = 0;

function newIntent(fields: Partial<FakeIntent>): FakeIntent {
  const id = `pi_fake${Date.now().toString(36)}${(counter++).toString(36)}`;
  const intent: FakeIntent = {
    id,
    object: 'payment_intent',
    amount: 0,
    amount_received: 0,
    currency: 'usd',
    status: 'requires_payment_method',
    client_secret: `${id}_secret_${Math.random().toString(36).slice(2)}`,
    metadata: {},
    description: null,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    ...fields,
  };
  intents.set(id, intent);
  return intent;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_fake_${counter}` });
  res.end(JSON.stringify(body));
}

const notFound = (id: string) => ({
  error: {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such payment_intent: '${id}'`,
    param: 'intent',
  },
});

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://fake');
  const body = await readBody(req);
  const intentPath = /^\/(v1|_fake)\/payment_intents\/([^/]+)$/.exec(url.pathname);

  if (url.pathname.startsWith('/v1/')) {
    if (req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`)
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const form = new URLSearchParams(body);
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m?.[1]) metadata[m[1]] = value;
      }
      return send(
        res,
        200,
        newIntent({
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? 'usd',
          metadata,
          description: form.get('description'),
        }),
      );
    }
    if (req.method === 'GET' && intentPath?.[1] === 'v1') {
      const intent = intents.get(intentPath[2] ?? '');
      return intent ? send(res, 200, intent) : send(res, 404, notFound(intentPath[2] ?? ''));
    }
    return send(res, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
    });
  }

  // Test controls.
  const patch = body ? (JSON.parse(body) as Partial<FakeIntent> & { pay?: boolean }) : {};
  if (req.method === 'POST' && url.pathname === '/_fake/payment_intents') return send(res, 200, newIntent(patch));
  if (req.method === 'POST' && intentPath?.[1] === '_fake') {
    const intent = intents.get(intentPath[2] ?? '');
    if (!intent) return send(res, 404, notFound(intentPath[2] ?? ''));
    const { pay, ...fields } = patch;
    Object.assign(intent, pay ? { status: 'succeeded', amount_received: intent.amount } : {}, fields);
    return send(res, 200, intent);
  }
  return send(res, 404, { error: { message: 'unknown fake route' } });
}

/** globalSetup of the worker project: starts the fake and provides its port to the bindings. */
export default async function setup(project: TestProject) {
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('fakeStripePort', (server.address() as AddressInfo).port);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

declare module 'vitest' {
  export interface ProvidedContext {
    fakeStripePort: number;
  }
}
