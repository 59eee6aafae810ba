/**
 * The isolate's memory, owned here and nowhere else (docs/decisions/0019-isolate-memory-budget.md).
 * Cloudflare gives an isolate 128 MB for the JavaScript heap and WebAssembly memory together, and
 * one isolate serves many requests at once: past the limit the runtime cancels them all.
 *
 * Every heavy step (an upload's body, a picture's file and decodes and renders, a detection, a
 * batch's run) makes room for the bytes its plan says it will hold at its peak before it starts
 * (`makeRoom`), and gives them back when it ends (`release`). What lives on between steps (a
 * picture kept for the next renders, a kept encoder, the kernels' memory) is kept here (`keep`),
 * counted, and let go, largest first, when a step needs the room. A step that does not fit waits
 * its turn, first come first served, for at most ROOM_WAIT_MS, then fails with MemoryBusy (the API
 * answers 503 with Retry-After; the queue retries). The ledger (`memoryReport`) knows every room
 * and everything kept, and its peak is sampled at each change.
 *
 * The ledger is the isolate's (module state), shared by every request it serves. It holds numbers
 * and callbacks that drop references, never another request's promises or timers.
 */

const MiB = 1024 * 1024;

/**
 * What the ledger may hold at once: the isolate's 128 MB less the JavaScript heap and the
 * isolate's own backing stores (the code's data), measured with the ledger beside V8's figures by
 * `npm run bench -- isolate`.
 */
export const ISOLATE_BUDGET_BYTES = 80 * MiB;
/** How long a step waits for room before its request is told to come back (HTTP) or retried (queue). */
export const ROOM_WAIT_MS = 20_000;
/** When a step refused more room at once is told to come back. */
const GROW_RETRY_SECONDS = 5;
/**
 * The most kept between steps, in all: what an idle isolate holds beside its code (about 14 MB),
 * whatever the last pictures were. Past it the largest kept thing is let go.
 */
export const KEPT_MAX_BYTES = 20 * MiB;

/** No room within the wait: the work is to be asked again in `retryAfterSeconds`. */
export class MemoryBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The service is busy with other pictures just now. Please try again in a moment.');
    this.name = 'MemoryBusy';
  }
}

/**
 * Room made for one step, given back once with `release`. `grow` takes more for the same step at
 * once or fails with MemoryBusy, never waiting (a step that holds room and waits for more could
 * wait for a step that waits for its room); `shrink` gives back what it no longer needs.
 */
export interface Room {
  readonly what: string;
  readonly bytes: number;
  grow(bytes: number): void;
  shrink(bytes: number): void;
  release(): void;
}

/** Something kept between steps: how many bytes it holds now, and how to let it go. */
export interface Kept {
  what: string;
  bytes(): number;
  letGo(): void;
}

/** A step waiting for room: its place in the line, and when it last looked (a step whose request died stops looking). */
type Ticket = { what: string; bytes: number; since: number; seen: number };

const rooms = new Set<{ what: string; bytes: number }>();
const kept = new Set<Kept>();
const waiting: Ticket[] = [];
let roomBytes = 0;
let peakBytes = 0;
/**
 * How often a waiting step looks again. Each looks for itself, on its own timer: in Workers a
 * request may not settle another request's promise or touch its timers, so a step that gives room
 * back cannot wake the one waiting for it.
 */
const LOOK_EVERY_MS = 20;
/** A step that has not looked for this long is no longer waiting (a busy isolate's timers run late, not this late). */
const DEAD_TICKET_MS = 2000;

const keptBytes = () => [...kept].reduce((sum, k) => sum + k.bytes(), 0);

/** What the ledger holds now: every room and everything kept. */
export function heldBytes(): number {
  return roomBytes + keptBytes();
}

function notePeak(): void {
  peakBytes = Math.max(peakBytes, heldBytes());
}

/** Lets kept things go, largest first, until `bytes` more fit; whether they do. */
function letGoFor(bytes: number): boolean {
  if (roomBytes + bytes + keptBytes() <= ISOLATE_BUDGET_BYTES) return true;
  for (const k of [...kept].sort((a, b) => b.bytes() - a.bytes())) {
    k.letGo();
    kept.delete(k);
    if (roomBytes + bytes + keptBytes() <= ISOLATE_BUDGET_BYTES) return true;
  }
  return roomBytes + bytes <= ISOLATE_BUDGET_BYTES;
}

function grant(what: string, bytes: number): Room {
  const entry = { what, bytes };
  rooms.add(entry);
  roomBytes += bytes;
  notePeak();
  let released = false;
  return {
    what,
    get bytes() {
      return entry.bytes;
    },
    grow(more: number) {
      const extra = Math.max(0, Math.ceil(more));
      if (released || extra === 0) return;
      if (!letGoFor(extra)) throw new MemoryBusy(GROW_RETRY_SECONDS);
      entry.bytes += extra;
      roomBytes += extra;
      notePeak();
    },
    shrink(to: number) {
      if (released || to >= entry.bytes) return;
      roomBytes -= entry.bytes - to;
      entry.bytes = to;
    },
    release() {
      if (released) return;
      released = true;
      rooms.delete(entry);
      roomBytes -= entry.bytes;
      trimKept(); // what the step grew and left (a memory) goes over the kept limit here
    },
  };
}

/**
 * Room for `bytes` more, for the step `what`: at once when it fits (letting kept things go), else
 * after the steps already waiting, within `waitMs`; MemoryBusy after that. A step larger than the
 * whole budget is a planning error (admission refuses such pictures) and throws at once.
 */
export async function makeRoom(bytes: number, what: string, waitMs = ROOM_WAIT_MS): Promise<Room> {
  const size = Math.max(0, Math.ceil(bytes));
  if (!Number.isFinite(size) || size > ISOLATE_BUDGET_BYTES)
    throw new Error(`${what} plans ${(size / MiB).toFixed(1)} MiB, over the isolate's budget`);
  if (waiting.length === 0 && letGoFor(size)) return grant(what, size);
  const ticket: Ticket = { what, bytes: size, since: Date.now(), seen: Date.now() };
  waiting.push(ticket);
  const deadline = Date.now() + waitMs;
  try {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
      ticket.seen = Date.now();
      dropDeadTickets();
      if (!waiting.includes(ticket)) waiting.unshift(ticket); // taken for dead after a long stall: its turn is kept
      // First come, first served: only the first in line may take room.
      if (waiting[0] === ticket && letGoFor(size)) return grant(what, size);
      if (Date.now() >= deadline) throw new MemoryBusy(Math.ceil(waitMs / 1000));
    }
  } finally {
    const at = waiting.indexOf(ticket);
    if (at !== -1) waiting.splice(at, 1);
  }
}

/**
 * Takes out of the line the steps that stopped looking while others went on (their request was
 * cancelled with its timers): measured against the latest look, so a stall of the whole isolate
 * (a long decode holds every timer) takes out nobody.
 */
function dropDeadTickets(): void {
  const latest = Math.max(...waiting.map((t) => t.seen));
  for (let i = waiting.length - 1; i >= 0; i--) if (latest - waiting[i]!.seen > DEAD_TICKET_MS) waiting.splice(i, 1);
}

/**
 * Lets the largest kept things go while they hold more than KEPT_MAX_BYTES in all, or more than
 * the rooms leave of the budget (a memory a step grew is counted in its room while the step runs).
 */
function trimKept(): void {
  while (kept.size > 0 && (keptBytes() > KEPT_MAX_BYTES || heldBytes() > ISOLATE_BUDGET_BYTES)) {
    const largest = [...kept].reduce((a, b) => (b.bytes() > a.bytes() ? b : a));
    largest.letGo();
    kept.delete(largest);
  }
}

/**
 * Counts `thing` as kept until it is let go here (when a step needs the room, or the kept things
 * pass KEPT_MAX_BYTES) or `drop` is called (its owner let it go, or uses it again: it is then in
 * that step's room).
 */
export function keep(thing: Kept): { drop: () => void } {
  kept.add(thing);
  trimKept();
  notePeak();
  return {
    drop: () => {
      kept.delete(thing);
    },
  };
}

/** A kept thing's size changed (a memory grew): the peak takes it in, and the kept things their limit. */
export function keptGrew(): void {
  trimKept();
  notePeak();
}

/**
 * What lets go before every decode, registered by its owner when its module loads (the kept
 * picture, kept-picture.ts): a decode's memory is never held beside it. A decode calls
 * `decodeStarts`, which lets it go and counts the decode.
 */
const beforeDecode: (() => void)[] = [];
let decodes = 0;

/** Registers `letGo` to run before every decode (`decodeStarts`). */
export function letGoBeforeDecodes(letGo: () => void): void {
  beforeDecode.push(letGo);
}

/** A decode is about to start: what is kept only between decodes lets go, and the decode is counted. */
export function decodeStarts(): void {
  for (const letGo of beforeDecode) letGo();
  decodes++;
}

/** How many decodes have started in this isolate: a run's views note it before decoding (kept-picture.ts). */
export function decodesSoFar(): number {
  return decodes;
}

/** The ledger as the benchmark and the development server read it. */
export function memoryReport() {
  return {
    budgetBytes: ISOLATE_BUDGET_BYTES,
    heldBytes: heldBytes(),
    peakBytes,
    waiting: waiting.length,
    line: waiting.map((t) => ({
      what: t.what,
      bytes: t.bytes,
      waitedMs: Date.now() - t.since,
      lookedMsAgo: Date.now() - t.seen,
    })),
    rooms: [...rooms].map((r) => ({ what: r.what, bytes: r.bytes })),
    kept: [...kept].map((k) => ({ what: k.what, bytes: k.bytes() })),
  };
}

/** Starts the peak again from what is held now. */
export function resetPeak(): void {
  peakBytes = heldBytes();
}

/** ES2024's ArrayBuffer.prototype.transfer, which the ES2023 lib this code builds with does not name. */
type Transferable = ArrayBuffer & { transfer?: (length: number) => ArrayBuffer; detached?: boolean };

/**
 * Gives the memory of buffers a step made and no longer reads back now, not when V8 next collects:
 * a Worker cannot ask for a collection, and V8 starts one only once 64 MB more of buffers than
 * after its last is allocated, so garbage alone would carry an isolate over its 128 MB
 * (docs/decisions/0019-isolate-memory-budget.md). Each array's buffer is detached
 * (`transfer(0)` frees it at once): only an array that is its whole buffer is, so a view on part of
 * another's memory is never taken from its owner, and a WebAssembly memory, which cannot be
 * detached, stays as it is. The caller must own the array: every view on it reads as empty after.
 */
export function freeNow(...arrays: readonly (ArrayBufferView | null | undefined)[]): void {
  for (const array of arrays) {
    const buffer = array?.buffer as Transferable | undefined;
    if (!buffer || !buffer.transfer || buffer.detached) continue;
    if (array!.byteOffset !== 0 || array!.byteLength !== buffer.byteLength) continue;
    try {
      buffer.transfer(0);
    } catch {
      // Not detachable (a WebAssembly memory's buffer): it goes with its instance.
    }
  }
}

/**
 * An array that is its whole buffer, cut to its first `length` bytes in a buffer of just that size,
 * the rest of its memory given back now (`transfer(length)`, which V8 may do without a copy; else a
 * copy, the old freed). The caller must own the array: it reads as empty after.
 */
export function shrinkNow(array: Uint8Array, length: number): Uint8Array {
  const buffer = array.buffer as Transferable;
  if (length >= array.byteLength || array.byteOffset !== 0 || array.byteLength !== buffer.byteLength)
    return array.subarray(0, length);
  if (buffer.transfer) return new Uint8Array(buffer.transfer(length));
  const copy = array.slice(0, length);
  freeNow(array);
  return copy;
}
