import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { clock } from '../../worker/lib/clock';
import { uploadPrefix } from '../../worker/services/uploads/storage-keys';

const DAY = 24 * 60 * 60 * 1000;

async function insertUpload(createdAt: number): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO uploads (id, r2_key, original_filename, content_type, size, width, height, created_at, access_points) VALUES (?, ?, 'p.jpg', 'image/jpeg', 3, 10, 10, ?, 'AQMBAA==')",
  )
    .bind(id, `${uploadPrefix(id)}original`, createdAt)
    .run();
  await env.BUCKET.put(`${uploadPrefix(id)}original`, new Uint8Array([1, 2, 3]));
  await env.BUCKET.put(`${uploadPrefix(id)}outputs/some-request/20.png`, new Uint8Array([4]));
  return id;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('daily cleanup cron', () => {
  it('deletes the files of uploads older than 7 days and marks them expired, keeping newer ones', async () => {
    const now = Date.now();
    const old = await insertUpload(now - 7 * DAY - 1000);
    const recent = await insertUpload(now - 6 * DAY);
    vi.spyOn(clock, 'now').mockReturnValue(new Date(now));

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(now), cron: '17 3 * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect((await env.BUCKET.list({ prefix: uploadPrefix(old) })).objects).toHaveLength(0);
    expect((await env.BUCKET.list({ prefix: uploadPrefix(recent) })).objects).toHaveLength(2);
    const rows = await env.DB.prepare('SELECT id, expired_at, access_points FROM uploads WHERE id IN (?, ?)')
      .bind(old, recent)
      .all<{ id: string; expired_at: number | null; access_points: string | null }>();
    const byId = Object.fromEntries(rows.results.map((r) => [r.id, r]));
    expect(byId[old]).toMatchObject({ expired_at: now, access_points: null }); // what was read from its file goes with it
    expect(byId[recent]).toMatchObject({ expired_at: null, access_points: 'AQMBAA==' });
  });

  it('expires the rest a day later when time moves on', async () => {
    const now = Date.now();
    const id = await insertUpload(now - 6 * DAY);
    vi.spyOn(clock, 'now').mockReturnValue(new Date(now + 2 * DAY));
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '17 3 * * *' }), env, ctx);
    expect((await env.BUCKET.list({ prefix: uploadPrefix(id) })).objects).toHaveLength(0);
  });

  it('forgets failed logins older than the 15-minute window, keeping recent ones', async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO login_failures (key, at) VALUES ('user:cleanup-old', ?)").bind(now - 16 * 60_000),
      env.DB.prepare("INSERT INTO login_failures (key, at) VALUES ('user:cleanup-new', ?)").bind(now - 60_000),
    ]);
    vi.spyOn(clock, 'now').mockReturnValue(new Date(now));
    await worker.scheduled(createScheduledController({ cron: '17 3 * * *' }), env, createExecutionContext());
    const keys = await env.DB.prepare("SELECT key FROM login_failures WHERE key LIKE 'user:cleanup-%'").all<{
      key: string;
    }>();
    expect(keys.results.map((r) => r.key)).toEqual(['user:cleanup-new']);
  });
});
