import { DurableObject } from 'cloudflare:workers';

/** Where a watcher's wait starts: the object's life (`epoch`) and how much news it had told then. */
export type NewsMark = { epoch: string; seq: number };

/**
 * The news of one request's renders, or of one account's batches (services/conversions/news.ts): every
 * change of what a results page polls is told here, and a held poll waits here for it instead of
 * reading D1 on a timer (lib/watch.ts). A waiter costs nothing while nothing changes.
 *
 * Nothing is stored: news is only ever "something changed, read again". An object that starts again
 * has a new epoch, which every mark from before meets as news, so a change is never missed, at
 * worst read once for nothing.
 */
export class RenderNews extends DurableObject<Env> {
  private readonly epoch = crypto.randomUUID();
  private seq = 0;
  private readonly waiting = new Set<() => void>();

  mark(): NewsMark {
    return { epoch: this.epoch, seq: this.seq };
  }

  /** Answers once there is news after `since` (at once when there is already), or after `ms` without. */
  async waitPast(since: NewsMark, ms: number): Promise<NewsMark> {
    if (since.epoch === this.epoch && since.seq === this.seq && ms > 0)
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        this.waiting.add(done);
      });
    return this.mark();
  }

  /** Something changed: every waiter answers. */
  tell(): void {
    this.seq += 1;
    for (const done of [...this.waiting]) done();
  }
}
