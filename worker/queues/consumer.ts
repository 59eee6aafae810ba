import { depsFrom } from '../services/deps';
import { log } from '@social-resizer/engine/log';
import { readQueueBatch, renderQueued, type QueueBatchState } from '../services/conversions/queued';
import { conversionMessageSchema } from '../services/conversions/message';
import { failUnrendered } from '../services/conversions/rows';

export const DEAD_LETTER_SUFFIX = '-dlq';
export const FAILED_AFTER_RETRIES = 'Processing failed after several attempts. Please try again.';

/** Seconds before the next try: 5, 10, 20, 40 ... capped at 5 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(300, 5 * 2 ** Math.max(0, attempts - 1));
}

/**
 * The queue handler for both queues. Malformed messages are dropped (acked and logged: retrying
 * cannot fix them). The batch's rows are read at once; a conversion message renders its target (one
 * at a time: one decoded picture in memory, planned to serve the batch's later messages of the same
 * upload too and kept for them, then for the next batch until any other decode); a transient failure
 * is retried with backoff. A render is stored while the next is made, and its message acked once it is
 * stored. Messages that reach the dead-letter queue end their conversion as failed, so
 * nothing stays "processing" for ever.
 */
export async function handleQueueBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const deps = depsFrom(env);
  const { db } = deps;
  const isDeadLetter = batch.queue.endsWith(DEAD_LETTER_SUFFIX);
  const parsedAll = batch.messages.map((m) => conversionMessageSchema.safeParse(m.body));
  const state: QueueBatchState = { rows: new Map(), picture: null, upcoming: [], storing: new Map() };
  // Each rendered message is acked once its render is stored, retried if storing it failed.
  const settled: Promise<void>[] = [];
  if (!isDeadLetter) {
    try {
      state.rows = await readQueueBatch(
        db,
        parsedAll.flatMap((p) => (p.success ? [p.data] : [])),
      );
    } catch (error) {
      log('warn', 'queue batch will be retried', { error: error instanceof Error ? error.message : String(error) });
      for (const message of batch.messages) message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      return;
    }
  }
  for (const [index, message] of batch.messages.entries()) {
    const parsed = parsedAll[index]!;
    if (!parsed.success) {
      log('warn', 'dropped malformed queue message', { queue: batch.queue, messageId: message.id });
      message.ack();
      continue;
    }
    const { conversionId } = parsed.data;
    if (isDeadLetter) {
      // Only the render the message was for: a row asked again since is the newer render's.
      if (await failUnrendered(deps, conversionId, FAILED_AFTER_RETRIES, parsed.data.renderId)) {
        log('warn', 'conversion failed after retries', { conversionId });
      }
      message.ack();
      continue;
    }
    state.upcoming = parsedAll.slice(index + 1).flatMap((p) => (p.success ? [p.data.conversionId] : []));
    try {
      const { stored } = await renderQueued(deps, parsed.data, state);
      settled.push(
        stored.then(
          (outcome) => {
            log('info', 'conversion', { conversionId, outcome, attempt: message.attempts });
            message.ack();
          },
          (error: unknown) => retry(message, conversionId, error),
        ),
      );
    } catch (error) {
      state.picture?.release();
      state.picture = null;
      retry(message, conversionId, error);
    }
  }
  await Promise.all(settled);
  // The fan-out's next batch often reaches this isolate next: it starts from this batch's picture.
  state.picture?.keep();
}

/** A message whose render failed for a reason other than its image: tried again after a delay. */
function retry(message: Message<unknown>, conversionId: string, error: unknown): void {
  log('warn', 'conversion will be retried', {
    conversionId,
    attempt: message.attempts,
    error: error instanceof Error ? error.message : String(error),
  });
  message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
}
