import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { FAILED_AFTER_RETRIES } from '../../worker/queues/consumer';

async function insertConversion(): Promise<string> {
  const uploadId = crypto.randomUUID();
  const requestId = crypto.randomUUID();
  const conversionId = crypto.randomUUID();
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO uploads (id, r2_key, original_filename, content_type, size, width, height, created_at) VALUES (?, ?, 'b.png', 'image/png', 10, 1500, 500, ?)",
    ).bind(uploadId, `uploads/${uploadId}/original`, now),
    env.DB.prepare(
      "INSERT INTO image_requests (id, upload_id, format_id, platform, format, width, height, crop_details, created_at, updated_at) VALUES (?, ?, 29, 'twitter', 'header', 1500, 500, '{}', ?, ?)",
    ).bind(requestId, uploadId, now, now),
    env.DB.prepare(
      'INSERT INTO conversions (id, request_id, format_id, created_at, updated_at) VALUES (?, ?, 20, ?, ?)',
    ).bind(conversionId, requestId, now, now),
  ]);
  return conversionId;
}

async function run(queue: string, bodies: unknown[]) {
  const batch = createMessageBatch(
    queue,
    bodies.map((b, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body: b })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

describe('conversion queues', () => {
  it('drops malformed messages instead of retrying them for ever', async () => {
    const result = await run('social-resizer-conversions', [{ nope: true }, 'text']);
    expect(result.explicitAcks.sort()).toEqual(['m0', 'm1']);
    expect(result.retryMessages).toEqual([]);
  });

  it('ends a conversion as failed when its message reaches the dead-letter queue', async () => {
    const conversionId = await insertConversion();
    const result = await run('social-resizer-conversions-dlq', [{ conversionId }]);
    expect(result.explicitAcks).toEqual(['m0']);
    const row = await env.DB.prepare('SELECT status, error FROM conversions WHERE id = ?').bind(conversionId).first();
    expect(row).toEqual({ status: 'failed', error: FAILED_AFTER_RETRIES });
  });

  it('does not touch a conversion that already completed when a late dead letter arrives', async () => {
    const conversionId = await insertConversion();
    await env.DB.prepare("UPDATE conversions SET status = 'complete' WHERE id = ?").bind(conversionId).run();
    await run('social-resizer-conversions-dlq', [{ conversionId }]);
    const row = await env.DB.prepare('SELECT status FROM conversions WHERE id = ?').bind(conversionId).first();
    expect(row).toEqual({ status: 'complete' });
  });
});
