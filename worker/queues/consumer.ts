import { createDb } from '../db/client';
import { log } from '../lib/log';
import { markConversionFailed } from '../services/conversions';
import { conversionMessageSchema } from './conversion-message';

export const DEAD_LETTER_SUFFIX = '-dlq';
export const FAILED_AFTER_RETRIES = 'Processing failed after several attempts. Please try again.';

/** Seconds before the next try: 5, 10, 20, 40 ... capped at 5 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(300, 5 * 2 ** Math.max(0, attempts - 1));
}

/**
 * The queue handler for both queues. Malformed messages are dropped (acked and logged: retrying
 * cannot fix them). Messages that reach the dead-letter queue end their conversion as failed, so
 * nothing stays "processing" for ever.
 */
export async function handleQueueBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = createDb(env.DB);
  const isDeadLetter = batch.queue.endsWith(DEAD_LETTER_SUFFIX);
  for (const message of batch.messages) {
    const parsed = conversionMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      log('warn', 'dropped malformed queue message', { queue: batch.queue, messageId: message.id });
      message.ack();
      continue;
    }
    const { conversionId } = parsed.data;
    if (isDeadLetter) {
      if (await markConversionFailed(db, conversionId, FAILED_AFTER_RETRIES)) {
        log('warn', 'conversion failed after retries', { conversionId });
      }
      message.ack();
      continue;
    }
    // Rendering comes with the image engine; until then every try is deferred with backoff and,
    // after the last retry, the dead-letter queue ends the conversion as failed.
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}
