/**
 * The isolate's memory budget (engine/memory.ts): steps make room before they start and
 * wait their turn when there is none, what is kept between steps is let go for them, largest first,
 * and a step that cannot get room within its wait is told to come back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  freeNow,
  shrinkNow,
  heldBytes,
  ISOLATE_BUDGET_BYTES,
  keep,
  KEPT_MAX_BYTES,
  makeRoom,
  MemoryBusy,
  memoryReport,
  resetPeak,
  type Room,
} from '../memory';

const MiB = 1024 * 1024;
const rooms: Room[] = [];
const room = async (bytes: number, what = 'a step', waitMs?: number) => {
  const made = await makeRoom(bytes, what, waitMs);
  rooms.push(made);
  return made;
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

afterEach(() => {
  for (const made of rooms.splice(0)) made.release();
  expect(heldBytes()).toBe(0);
});

describe('the isolate memory budget', () => {
  it('grants rooms while they fit, and a room that does not fit once others give theirs back, in turn', async () => {
    const half = await room(ISOLATE_BUDGET_BYTES / 2);
    const quarter = await room(ISOLATE_BUDGET_BYTES / 4);
    const granted: string[] = [];
    const big = room(ISOLATE_BUDGET_BYTES / 2 + MiB, 'big').then(() => granted.push('big'));
    // Fits now, but comes after the big one: first come, first served.
    const small = room(MiB, 'small').then(() => granted.push('small'));
    await tick();
    expect(granted).toEqual([]);
    expect(memoryReport().waiting).toBe(2);
    quarter.release();
    await tick();
    expect(granted).toEqual([]); // a quarter back is not enough for half
    half.release();
    await Promise.all([big, small]);
    expect(granted).toEqual(['big', 'small']);
  });

  it('lets what is kept go, the largest first, to make room or past the kept limit, and counts it until then', async () => {
    const letGo: string[] = [];
    const kept = (what: string, bytes: number) =>
      keep({ what, bytes: () => bytes, letGo: () => void letGo.push(what) });
    const small = kept('small', 6 * MiB);
    kept('large', 12 * MiB);
    expect(heldBytes()).toBe(18 * MiB);
    await room(ISOLATE_BUDGET_BYTES - 8 * MiB);
    expect(letGo).toEqual(['large']);
    expect(heldBytes()).toBe(ISOLATE_BUDGET_BYTES - 2 * MiB);
    small.drop();
    expect(letGo).toEqual(['large']); // dropped by its owner: not let go
    for (const made of rooms.splice(0)) made.release();
    // What is kept between steps stays under its own limit, whatever comes.
    kept('first', 12 * MiB);
    const second = kept('second', 10 * MiB);
    expect(letGo).toEqual(['large', 'first']);
    expect(heldBytes()).toBeLessThanOrEqual(KEPT_MAX_BYTES);
    second.drop();
    // Larger than may be kept at all: let go as it is kept.
    kept('huge', KEPT_MAX_BYTES + 1);
    expect(letGo).toEqual(['large', 'first', 'huge']);
    expect(heldBytes()).toBe(0);
  });

  it('tells a step that got no room within its wait to come back, and serves the next', async () => {
    const all = await room(ISOLATE_BUDGET_BYTES);
    const refused = makeRoom(MiB, 'late', 50);
    await expect(refused).rejects.toBeInstanceOf(MemoryBusy);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 1 });
    all.release();
    await room(MiB);
  });

  it('grows a room at once or not at all, never waiting (a holder waiting for more could wait for itself)', async () => {
    const first = await room(ISOLATE_BUDGET_BYTES / 2);
    first.grow(ISOLATE_BUDGET_BYTES / 4);
    expect(first.bytes).toBe((ISOLATE_BUDGET_BYTES * 3) / 4);
    expect(() => first.grow(ISOLATE_BUDGET_BYTES / 2)).toThrow(MemoryBusy);
    first.shrink(MiB);
    expect(heldBytes()).toBe(MiB);
  });

  it('refuses a step planned larger than the whole budget, and keeps the peak of what it held', async () => {
    await expect(makeRoom(ISOLATE_BUDGET_BYTES + 1, 'too large')).rejects.toThrow(/over the isolate's budget/);
    resetPeak();
    const a = await room(30 * MiB);
    await room(20 * MiB);
    a.release();
    expect(memoryReport()).toMatchObject({ heldBytes: 20 * MiB, peakBytes: 50 * MiB });
  });

  it('frees an array that is its whole buffer at once, and never a view on part of another or a WebAssembly memory', () => {
    const owned = new Uint8ClampedArray(4 * MiB).fill(7);
    const whole = new Float32Array(1024);
    const parent = new Uint8Array(1024).fill(1);
    const part = parent.subarray(0, 512);
    const memory = new WebAssembly.Memory({ initial: 1 });
    const wasmView = new Uint8Array(memory.buffer);
    freeNow(owned, whole, part, wasmView, null, undefined);
    expect([owned.length, owned.buffer.byteLength, whole.length]).toEqual([0, 0, 0]);
    expect([part.length, parent[511], wasmView.length, memory.buffer.byteLength]).toEqual([512, 1, 65536, 65536]);
    freeNow(owned); // already freed: nothing happens
  });

  it('cuts an array it owns to its first bytes in a buffer of just their size, the rest given back', () => {
    const body = new Uint8Array(8 * MiB);
    body.set([1, 2, 3]);
    const cut = shrinkNow(body, 3);
    expect([...cut]).toEqual([1, 2, 3]);
    expect([cut.buffer.byteLength, body.length]).toEqual([3, 0]);
    const parent = new Uint8Array(16).fill(9);
    expect(shrinkNow(parent.subarray(0, 8), 4).buffer).toBe(parent.buffer); // not its own: a view, nothing freed
  });
});
