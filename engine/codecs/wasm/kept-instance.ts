/**
 * One instance of a kernels' module, kept between uses and counted in the isolate's ledger
 * (memory.ts) while it lives: the engine's kernels (simd/kernels.ts) and the detectors'
 * (detect/kernels.ts). A use that grew its memory past `keepBytes` leaves the next use a fresh
 * instance, so the grown memory is given back; the ledger lets the kept one go when a step needs
 * its room, and the next use makes a fresh one.
 */
import { keep, keptGrew } from '../../memory';

export interface KeptInstance<Exports extends { memory: WebAssembly.Memory }> {
  /** The kept instance, or a fresh one. */
  get(): Exports;
  /** Grows `instance`'s memory to `bytes` at least, counted in the ledger. */
  growTo(instance: Exports, bytes: number): void;
  /** Bytes the kept instance's memory has grown to (it never shrinks); 0 when none is kept. */
  bytes(): number;
}

export function keptInstance<Exports extends { memory: WebAssembly.Memory }>(
  module: WebAssembly.Module,
  what: string,
  keepBytes: number,
): KeptInstance<Exports> {
  let instance: Exports | null = null;
  let ledger: { drop: () => void } | null = null;
  const instantiate = (): Exports => {
    ledger?.drop();
    const fresh = new WebAssembly.Instance(module, {}).exports as unknown as Exports;
    instance = fresh;
    ledger = keep({
      what,
      bytes: () => fresh.memory.buffer.byteLength,
      letGo: () => {
        if (instance === fresh) instance = null;
      },
    });
    return fresh;
  };
  return {
    get: () => (instance && instance.memory.buffer.byteLength <= keepBytes ? instance : instantiate()),
    growTo: (kernels, bytes) => {
      const have = kernels.memory.buffer.byteLength;
      if (bytes <= have) return;
      kernels.memory.grow(Math.ceil((bytes - have) / 65536));
      keptGrew(); // counted (and let go in the ledger, never in use, past what may be kept)
    },
    bytes: () => instance?.memory.buffer.byteLength ?? 0,
  };
}
