/**
 * How many polls one visitor and one address may have held at once (shared/limits.ts, HELD_POLLS):
 * a held poll costs nothing while it waits (lib/watch.ts), but each is a connection and a
 * subrequest, so past the limit a poll is answered at once. Counted by the address's
 * DownloadCounter, which every isolate shares; this isolate's own holds answer a refusal without
 * asking it (a client that floods one isolate costs it no round trip a poll).
 */
import { HELD_POLLS } from '../../../shared/limits';
import { clock } from '../../lib/clock';
import { log } from '@social-resizer/engine/log';
import { ipKey, type Caller } from '../caller';
import { counter, type Counters } from './allowance';

/** A poll allowed to wait, until it gives its place back; or why it may not (whose limit is full). */
export type Hold = { release: () => Promise<void> } | { refused: 'visitor' | 'address' };

const heldHere = { byAddress: new Map<string, number>(), byVisitor: new Map<string, number>() };
const bump = (map: Map<string, number>, key: string, by: number) => {
  const n = (map.get(key) ?? 0) + by;
  if (n > 0) map.set(key, n);
  else map.delete(key);
};

/** A place for one held poll of the caller for at most `ms`, or whose limit refuses it. */
export async function holdPoll(counters: Counters, caller: Caller, ms: number): Promise<Hold> {
  const address = ipKey(caller.ip);
  if ((heldHere.byVisitor.get(caller.visitorId) ?? 0) >= HELD_POLLS.visitor) return { refused: 'visitor' };
  if ((heldHere.byAddress.get(address) ?? 0) >= HELD_POLLS.address) return { refused: 'address' };
  // Counted here while the counter is asked too, so a burst into this isolate asks it only as
  // many times as there are places.
  const here = (by: number) => {
    bump(heldHere.byAddress, address, by);
    bump(heldHere.byVisitor, caller.visitorId, by);
  };
  here(1);
  const id = crypto.randomUUID();
  const now = clock.now().getTime();
  const object = counter(counters, `holds:${address}`);
  try {
    // A place given back late (an isolate gone) frees itself a little after the longest hold.
    const result = await object.hold(id, caller.visitorId, HELD_POLLS, now, now + ms + 5000);
    if (!result.held) {
      here(-1);
      return { refused: result.byVisitor >= HELD_POLLS.visitor ? 'visitor' : 'address' };
    }
  } catch (error) {
    // The counter could not be asked: the poll is answered at once rather than held uncounted.
    here(-1);
    log('warn', 'held poll not counted', { error: error instanceof Error ? error.message : String(error) });
    return { refused: 'address' };
  }
  return {
    release: async () => {
      here(-1);
      await object
        .unhold(id)
        .catch((error: unknown) =>
          log('warn', 'held poll not given back', { error: error instanceof Error ? error.message : String(error) }),
        );
    },
  };
}
