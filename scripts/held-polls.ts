/**
 * The held polls' cost, measured as part of `npm run load` (worker/lib/watch.ts): one address holds
 * 200 polls of a finished request open at once, asking again as each is answered, while another
 * visitor asks for /api/health. Prints the worker's CPU (the workerd processes' own time, from
 * /proc) per 10 s and the other visitor's p95 beside the same figures idle, and the goals: under
 * 0.5 s of CPU per 10 s, and a p95 within 1.5 times idle.
 *
 * Two kinds of client: one that asks again when the answer says (Retry-After, as the app does), and
 * one that ignores it and asks again at once (a flood of plain requests: no held poll is in it).
 */
import { readFileSync, readdirSync } from 'node:fs';

const CALLS = 200;
const WINDOW_S = 10;

/** A browser of one address with its own cookies (the visitor id the worker sets). */
class Client {
  private cookies = new Map<string, string>();
  constructor(
    private readonly baseUrl: string,
    readonly ip: string,
  ) {}

  async call(path: string, init: { method?: string; headers?: Record<string, string>; body?: BodyInit } = {}) {
    const headers = new Headers({ 'CF-Connecting-IP': this.ip, Origin: this.baseUrl, ...init.headers });
    if (this.cookies.size) headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(`${this.baseUrl}${path}`, { method: init.method ?? 'GET', headers, body: init.body });
    for (const line of res.headers.getSetCookie()) {
      const [name, ...value] = (line.split(';')[0] ?? '').split('=');
      if (name) this.cookies.set(name.trim(), value.join('='));
    }
    return res;
  }
}

/** CPU seconds used so far by the workerd processes under `root` (the local server's wrangler). */
export function workerdCpuSeconds(root: number): number {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return [{ pid: Number(pid), name, ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) }];
      } catch {
        return [];
      }
    });
  const under = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const s of stats)
      if (under.has(s.ppid) && !under.has(s.pid)) {
        under.add(s.pid);
        grew = true;
      }
  }
  // Clock ticks of 1/100 s (USER_HZ on Linux).
  return stats.filter((s) => under.has(s.pid) && s.name === 'workerd').reduce((sum, s) => sum + s.cpu, 0) / 100;
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;

/** The other visitor: /api/health, one after another, for `seconds`; answers the latencies. */
async function healthLatencies(client: Client, seconds: number): Promise<number[]> {
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  while (performance.now() < until) {
    const started = performance.now();
    await (await client.call('/api/health')).arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return latencies;
}

type Window = { cpuPer10s: number; p95: number; answers: Map<number, number>; held: number };

async function measure(
  baseUrl: string,
  pid: number,
  load: ((until: number, window: Window) => Promise<void>) | null,
): Promise<Window> {
  const window: Window = { cpuPer10s: 0, p95: 0, answers: new Map(), held: 0 };
  const other = new Client(baseUrl, '10.250.250.250');
  await other.call('/api/health');
  const before = workerdCpuSeconds(pid);
  const started = performance.now();
  const until = started + WINDOW_S * 1000;
  const [latencies] = await Promise.all([healthLatencies(other, WINDOW_S), load?.(until, window)]);
  const elapsed = (performance.now() - started) / 1000;
  window.cpuPer10s = ((workerdCpuSeconds(pid) - before) / elapsed) * 10;
  window.p95 = p95(latencies);
  return window;
}

/** Measures idle, then the two kinds of client; prints the figures and answers any errors seen. */
export async function measureHeldPolls(baseUrl: string, pid: number): Promise<string[]> {
  const errors: string[] = [];
  const attacker = new Client(baseUrl, '10.251.1.1');
  // A finished request of the attacker's own: a small picture, its own format made.
  const photo = readFileSync(new URL('../test/fixtures/corpus/baseline.jpg', import.meta.url));
  const form = new FormData();
  form.append('image', new File([photo], 'mine.jpg', { type: 'image/jpeg' }));
  const upload = (await (await attacker.call('/api/upload', { method: 'POST', body: form })).json()) as {
    path: string;
    originalFilename: string;
    width: number;
  };
  const created = (await (
    await attacker.call('/api/image-requests', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        originalFilename: upload.originalFilename,
        originalPath: upload.path,
        platform: 'linkedin',
        format: 'banner',
        width: 1584,
        height: 396,
        cropDetails: { x: 0, y: 0, width: upload.width, height: upload.width / 4, zoom: 1 },
      }),
    })
  ).json()) as { id: string };
  await (await attacker.call(`/api/process-image/${created.id}`, { method: 'POST' })).arrayBuffer();
  const path = `/api/conversions/${created.id}`;
  const etag = (await attacker.call(path)).headers.get('ETag') ?? '"none"';

  /** 200 polls from one browser; each asked again as its answer says (`again`), or never. */
  const holding =
    (again: 'as told' | 'at once' | 'never') =>
    async (until: number, window: Window): Promise<void> => {
      await Promise.all(
        Array.from({ length: CALLS }, async () => {
          while (performance.now() < until) {
            const res = await attacker.call(path, { headers: { 'If-None-Match': etag, Prefer: 'wait=10' } });
            await res.arrayBuffer();
            window.answers.set(res.status, (window.answers.get(res.status) ?? 0) + 1);
            if (res.status >= 500) errors.push(`held poll: ${res.status}`);
            if (res.headers.has('Preference-Applied')) window.held += 1;
            if (again === 'never') return;
            const pause = again === 'as told' ? Number(res.headers.get('Retry-After') ?? 0) * 1000 : 0;
            if (pause > 0)
              await new Promise((resolve) =>
                setTimeout(resolve, Math.max(0, Math.min(pause, until - performance.now()))),
              );
          }
        }),
      );
    };

  const idle = await measure(baseUrl, pid, null);
  const windows: Array<[string, Window, string]> = [
    ['idle', idle, ''],
    ['200 held polls, each asked once', await measure(baseUrl, pid, holding('never')), ''],
    [
      '200 held polls, asked again as told (Retry-After)',
      await measure(baseUrl, pid, holding('as told')),
      'goal: < 0.5 s, ≤ 1.5×',
    ],
    ['200 polls asked again at once (a flood, for scale)', await measure(baseUrl, pid, holding('at once')), ''],
  ];
  console.log(
    `\nheld polls: ${CALLS} at once from one browser on a finished request; another visitor asks /api/health.\n` +
      `CPU: the workerd processes' own; per answer: above idle, for each answer given (held or not).`,
  );
  console.log(
    `${'client'.padEnd(52)} ${'CPU/10 s'.padStart(8)} ${'p95'.padStart(9)} ${'vs idle'.padStart(7)} ${'per answer'.padStart(10)}  answers`,
  );
  for (const [name, w, goal] of windows) {
    const count = [...w.answers.values()].reduce((a, b) => a + b, 0);
    const perAnswer = count > 0 ? `${(((w.cpuPer10s - idle.cpuPer10s) / count) * 1000).toFixed(1)} ms` : '-';
    const answers = [...w.answers].map(([status, n]) => `${status}×${n}`).join(' ') || '-';
    console.log(
      `${name.padEnd(52)} ${w.cpuPer10s.toFixed(2).padStart(6)} s ${Math.round(w.p95).toString().padStart(6)} ms ${(w.p95 / idle.p95).toFixed(2).padStart(6)}× ${perAnswer.padStart(10)}  ${answers}${w.held ? `, ${w.held} held` : ''}  ${goal}`,
    );
  }
  return errors;
}
