/**
 * The engine's WebAssembly kernels (assembly/kernels.ts), instantiated once per isolate. Callers
 * lay their buffers out from the start of the module's memory (withBuffers) and use them until
 * they return, synchronously: the resampler and the PNG encoder for one call, a JPEG decode for the
 * whole decode (jpeg/frame.ts). The rule that keeps this safe: nothing that lays out its own
 * buffers runs inside another's synchronous stretch, so two never use the memory at once and no
 * growth detaches a view in use. It only grows to the largest working set one needs (a few
 * megabytes).
 */
import { kernels as kernelsModule } from '#imaging-wasm';
import { keep, keptGrew } from '../../memory';
import type { instantiate as instantiateTyped } from './build/kernels';

/** The module's exports, as the build types them from the AssemblyScript sources (scripts/build-wasm.sh). */
export type Kernels = Awaited<ReturnType<typeof instantiateTyped>>;

let instance: Kernels | null = null;
let ledger: { drop: () => void } | null = null;

/**
 * The most the kernels' memory keeps between uses: a use that grew it past this (a large decode's
 * rows) leaves it to the next use to start from a fresh instance, so it is given back.
 */
const KEEP_BYTES = 8 * 1024 * 1024;

/** A fresh instance, counted in the isolate's ledger (memory.ts) while it lives. */
function instantiate(): Kernels {
  ledger?.drop();
  const fresh = new WebAssembly.Instance(kernelsModule, {}).exports as unknown as Kernels;
  instance = fresh;
  ledger = keep({
    what: "the SIMD kernels' memory",
    bytes: () => fresh.memory.buffer.byteLength,
    letGo: () => {
      if (instance === fresh) instance = null;
    },
  });
  return fresh;
}

/** Lays buffers of the given byte sizes out one after another (16-byte aligned), growing the memory as needed. */
export function withBuffers<Name extends string>(
  sizes: Record<Name, number>,
): { kernels: Kernels; at: Record<Name, number>; buffer: ArrayBuffer } {
  const kernels = instance && instance.memory.buffer.byteLength <= KEEP_BYTES ? instance : instantiate();
  const at = {} as Record<Name, number>;
  let end = (kernels.heapBase() + 15) & ~15;
  for (const name of Object.keys(sizes) as Name[]) {
    at[name] = end;
    end = (end + sizes[name] + 15) & ~15;
  }
  const have = kernels.memory.buffer.byteLength;
  if (end > have) {
    kernels.memory.grow(Math.ceil((end - have) / 65536));
    keptGrew(); // counted (and let go in the ledger, never in use, past what may be kept)
  }
  return { kernels, at, buffer: kernels.memory.buffer };
}

/** Bytes the kernels' memory has grown to (it never shrinks); the benchmark counts it. */
export function kernelMemoryBytes(): number {
  return instance?.memory.buffer.byteLength ?? 0;
}
