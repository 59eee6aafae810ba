/**
 * `npm run bench -- costs`: what each flow costs on Cloudflare (docs/operations.md, "What it
 * costs"), measured on the server `npm start` runs (after `npm run build`): a single-tool download,
 * a 12-target banner fan-out, a 118-format fan-out and a batch of 10 photos × 10 formats, each run
 * alone. Counted inside the worker (lib/usage.ts, GET /api/dev/usage): D1 rows read and written,
 * R2 class A and B operations, queue messages, Durable Object requests; and the workerd processes'
 * CPU (from /proc: the local server's own work per request is in it, so it is an upper bound on the
 * worker's billed CPU). Printed beside the published prices as dollars per 1,000 flows.
 */
import { readFileSync } from 'node:fs';
import { BANNER_FORMATS, findFormatByName, PLATFORM_FORMATS } from '../shared/formats';
import { startWranglerDev } from '../scripts/local-server';
import { workerdCpuSeconds } from '../scripts/held-polls';
import { groupPhoto } from './photos';

/** Workers Paid prices (developers.cloudflare.com, pricing pages of Workers, D1, R2, Queues, Durable Objects). */
const PRICE = {
  requestsPerMillion: 0.3,
  cpuPerMillionMs: 0.02,
  d1ReadPerMillionRows: 0.001,
  d1WritePerMillionRows: 1.0,
  r2ClassAPerMillion: 4.5,
  r2ClassBPerMillion: 0.36,
  queuePerMillionOps: 0.4,
  durableObjectPerMillionRequests: 0.15,
};

type Usage = {
  d1Queries: number;
  d1RowsRead: number;
  d1RowsWritten: number;
  r2ClassA: number;
  r2ClassB: number;
  queueMessages: number;
  durableObjectRequests: number;
};

const SOURCE = findFormatByName('linkedin', 'banner')!;

class Client {
  private cookies = new Map<string, string>();
  requests = 0;
  constructor(
    private readonly baseUrl: string,
    private readonly ip: string,
  ) {}

  async call(
    path: string,
    init: { method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ) {
    this.requests += 1;
    const headers = new Headers({ 'CF-Connecting-IP': this.ip, Origin: this.baseUrl, ...init.headers });
    if (this.cookies.size) headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (init.json !== undefined) headers.set('Content-Type', 'application/json');
    const res = await fetch(`${this.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    for (const line of res.headers.getSetCookie()) {
      const [name, ...value] = (line.split(';')[0] ?? '').split('=');
      if (name) this.cookies.set(name.trim(), value.join('='));
    }
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
    return { headers: res.headers, json: <T>() => JSON.parse(text) as T };
  }

  async upload(photo: Uint8Array, name: string) {
    const form = new FormData();
    form.append('image', new File([photo as Uint8Array<ArrayBuffer>], name));
    return (await this.call('/api/upload', { method: 'POST', body: form })).json<{
      id: string;
      path: string;
      originalFilename: string;
      width: number;
      height: number;
    }>();
  }

  async request(upload: Awaited<ReturnType<Client['upload']>>, purpose: 'single' | 'fan-out') {
    const width = Math.min(upload.width, upload.height * 4);
    return (
      await this.call('/api/image-requests', {
        method: 'POST',
        json: {
          originalFilename: upload.originalFilename,
          originalPath: upload.path,
          platform: SOURCE.platform,
          format: SOURCE.format,
          width: SOURCE.width,
          height: SOURCE.height,
          cropDetails: { x: 0, y: 0, width, height: width / 4, zoom: 1 },
          purpose,
        },
      })
    ).json<{ id: string }>().id;
  }

  /** Follows a request's targets with held polls, as the results page does. */
  async settle(path: string, done: (answer: unknown) => boolean) {
    let etag: string | null = null;
    let answer: unknown = null;
    for (;;) {
      const res = await this.call(path, { headers: etag ? { 'If-None-Match': etag, Prefer: 'wait=8' } : {} });
      etag = res.headers.get('ETag');
      if (res.headers.get('Content-Type')?.includes('json')) answer = res.json();
      if (answer && done(answer)) return;
    }
  }

  async unlimited(name: string) {
    await this.call('/api/register', {
      method: 'POST',
      json: { username: name, email: `${name}@example.com`, password: `${name}-password` },
    });
    const intent = (await this.call('/api/create-unlimited-access', { method: 'POST' })).json<{
      clientSecret: string;
      paymentIntentId: string;
    }>();
    await this.call('/api/local-payments/confirm', {
      method: 'POST',
      json: { clientSecret: intent.clientSecret, number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    await this.call('/api/payment-success', { method: 'POST', json: { paymentIntentId: intent.paymentIntentId } });
  }
}

const settled = (answer: unknown) =>
  Object.values((answer as { results: Record<string, string> }).results).every((s) => s !== 'processing');

/** The flows, each from a fresh visitor or account: what it does and its setup (not counted). */
function flows(photo: Uint8Array) {
  let n = 0;
  // Fresh addresses each run: the local server keeps its state, and an address's free download with it.
  const network = 20 + Math.floor(Math.random() * 200);
  const ip = () => `10.${network}.${Math.floor(++n / 250)}.${(n % 250) + 1}`;
  const name = () => `costs${Date.now() % 1_000_000}x${++n}`;
  return [
    {
      name: 'single-tool download (upload, process, download)',
      run: async (client: Client) => {
        const upload = await client.upload(photo, 'photo.jpg');
        const id = await client.request(upload, 'single');
        await client.call(`/api/process-image/${id}`, { method: 'POST' });
        await client.call(`/api/download/${id}`);
      },
      client: (base: string) => new Client(base, ip()),
    },
    {
      name: '12-target banner fan-out with detection, and its ZIP',
      run: async (client: Client) => {
        const upload = await client.upload(photo, 'photo.jpg');
        const id = await client.request(upload, 'fan-out');
        const targets = BANNER_FORMATS.filter((f) => f.platform !== SOURCE.platform).slice(0, 12);
        await client.call(`/api/banner-convert/${id}`, {
          method: 'POST',
          json: { sourceFormatId: SOURCE.id, targetFormatIds: targets.map((t) => t.id), useAi: true },
        });
        await client.settle(`/api/conversions/${id}`, settled);
        await client.call(`/api/download-zip/${id}?formats=${targets.map((t) => t.id).join(',')}`);
      },
      client: (base: string) => new Client(base, ip()),
    },
    {
      name: `${PLATFORM_FORMATS.length}-format fan-out (batch-process), and its ZIP`,
      setup: async (client: Client) => client.unlimited(name()),
      run: async (client: Client) => {
        const upload = await client.upload(photo, 'photo.jpg');
        const id = await client.request(upload, 'fan-out');
        const ids = PLATFORM_FORMATS.map((f) => f.id);
        await client.call(`/api/batch-process/${id}`, { method: 'POST', json: { formats: ids } });
        await client.settle(`/api/conversions/${id}`, settled);
        await client.call(`/api/download-zip/${id}?formats=${ids.join(',')}`);
      },
      client: (base: string) => new Client(base, ip()),
    },
    {
      name: 'batch of 10 photos × 10 formats, and its ZIP',
      setup: async (client: Client) => client.unlimited(name()),
      run: async (client: Client) => {
        const requestIds = [];
        for (let i = 0; i < 10; i++)
          requestIds.push(await client.request(await client.upload(photo, `p${i}.jpg`), 'fan-out'));
        const formats = PLATFORM_FORMATS.filter((f) => f.kind === 'post' || f.kind === 'story').slice(0, 10);
        const batch = (
          await client.call('/api/batches', { method: 'POST', json: { requestIds, formats: formats.map((f) => f.id) } })
        ).json<{ id: string }>();
        await client.settle(
          `/api/batches/${batch.id}`,
          (a) => (a as { totals: { processing: number } }).totals.processing === 0,
        );
        await client.call(`/api/batches/${batch.id}/zip`);
      },
      client: (base: string) => new Client(base, ip()),
    },
  ];
}

const dollars = (n: number) => `$${n.toFixed(n < 0.01 ? 4 : 3)}`;

export async function benchCosts(): Promise<void> {
  const photo = new Uint8Array(readFileSync(await groupPhoto()));
  const server = await startWranglerDev(Number(process.env.BENCH_PORT ?? 8805));
  const usageOf = async () => (await (await fetch(`${server.baseUrl}/api/dev/usage`)).json()) as Usage;
  const reset = () =>
    fetch(`${server.baseUrl}/api/dev/usage`, { method: 'DELETE', headers: { Origin: server.baseUrl } });
  console.log(
    `\nWhat each flow costs on Cloudflare (a 12 MP JPEG, counted inside the worker; CPU: the local workerd processes')\n`,
  );
  console.log(
    [
      'flow'.padEnd(52),
      'requests',
      'CPU ms',
      'D1 read',
      'D1 written',
      'R2 A',
      'R2 B',
      'queue ops',
      'DO',
      '$ / 1,000',
    ].join('  '),
  );
  try {
    for (const flow of flows(photo)) {
      const client = flow.client(server.baseUrl);
      await flow.setup?.(client);
      client.requests = 0;
      await reset();
      const cpuBefore = workerdCpuSeconds(server.pid!);
      await flow.run(client);
      // The queue's last acks land after the last poll's answer.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const cpu = (workerdCpuSeconds(server.pid!) - cpuBefore) * 1000;
      const u = await usageOf();
      const queueOps = u.queueMessages * 3;
      const cost =
        (client.requests * PRICE.requestsPerMillion +
          cpu * PRICE.cpuPerMillionMs +
          u.d1RowsRead * PRICE.d1ReadPerMillionRows +
          u.d1RowsWritten * PRICE.d1WritePerMillionRows +
          u.r2ClassA * PRICE.r2ClassAPerMillion +
          u.r2ClassB * PRICE.r2ClassBPerMillion +
          queueOps * PRICE.queuePerMillionOps +
          u.durableObjectRequests * PRICE.durableObjectPerMillionRequests) /
        1000;
      console.log(
        [
          flow.name.padEnd(52),
          String(client.requests).padStart(8),
          Math.round(cpu).toString().padStart(6),
          String(u.d1RowsRead).padStart(7),
          String(u.d1RowsWritten).padStart(10),
          String(u.r2ClassA).padStart(4),
          String(u.r2ClassB).padStart(4),
          String(queueOps).padStart(9),
          String(u.durableObjectRequests).padStart(3),
          dollars(cost).padStart(9),
        ].join('  '),
      );
    }
  } finally {
    server.stop();
  }
}
