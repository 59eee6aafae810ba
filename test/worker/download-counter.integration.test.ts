import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

const DAY = 24 * 60 * 60 * 1000;

function counter(key: string) {
  return env.DOWNLOAD_COUNTER.get(env.DOWNLOAD_COUNTER.idFromName(key));
}

describe('DownloadCounter Durable Object', () => {
  it('grants up to the limit and refuses the next download', async () => {
    const stub = counter('ip:203.0.113.7');
    const now = Date.now();
    expect(await stub.peek(1, DAY, now)).toEqual({ limit: 1, remaining: 1, resetAt: null });
    expect(await stub.consume('request-a', 1, DAY, now)).toMatchObject({
      allowed: true,
      alreadyCounted: false,
      remaining: 0,
      resetAt: now + DAY,
    });
    expect(await stub.consume('request-b', 1, DAY, now + 1000)).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('does not count the same request twice inside the window', async () => {
    const stub = counter('user:repeat');
    const now = Date.now();
    await stub.consume('request-a', 5, DAY, now);
    expect(await stub.consume('request-a', 5, DAY, now + 60_000)).toMatchObject({
      allowed: true,
      alreadyCounted: true,
      remaining: 4,
    });
  });

  it('frees a download once it leaves the rolling 24-hour window', async () => {
    const stub = counter('ip:198.51.100.1');
    const start = Date.now();
    await stub.consume('first', 1, DAY, start);
    expect(await stub.consume('second', 1, DAY, start + DAY - 1)).toMatchObject({ allowed: false });
    expect(await stub.consume('second', 1, DAY, start + DAY + 1)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('gives exactly one grant to simultaneous downloads with one left', async () => {
    const stub = counter('ip:race');
    const now = Date.now();
    const results = await Promise.all(['r1', 'r2', 'r3', 'r4'].map((id) => stub.consume(id, 1, DAY, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(1);
  });
});
