/**
 * The engine's WebAssembly kernels (assembly/kernels.ts), instantiated once per isolate. Callers
 * lay their buffers out from the start of the module's memory (withBuffers) and use them until
 * they return, synchronously: the resampler, the PNG encoder and Auto's colour count
 * (output/auto-type.ts) for one call, the PNG decoder for one piece of inflated data
 * (png/decode.ts), a JPEG decode for the whole decode (jpeg/frame.ts).
 * The rule that keeps this safe: nothing that lays out its own buffers runs inside another's
 * synchronous stretch, so two never use the memory at once and no growth detaches a view in use.
 * It only grows to the largest working set one needs (a few megabytes).
 */
import { kernels as kernelsModule } from '#imaging-wasm';
import { keptInstance } from '../wasm/kept-instance';
import type { instantiate as instantiateTyped } from './build/kernels';

/** The module's exports, as the build types them from the AssemblyScript sources (scripts/build-wasm.sh). */
export type Kernels = Awaited<ReturnType<typeof instantiateTyped>>;

/**
 * The instance, kept between uses; one whose memory a use grew past 8 MiB (a large decode's rows)
 * is left for a fresh one at the next use, so the memory is given back.
 */
const kept = keptInstance<Kernels>(kernelsModule, "the SIMD kernels' memory", 8 * 1024 * 1024);

/** Lays buffers of the given byte sizes out one after another (16-byte aligned), growing the memory as needed. */
export function withBuffers<Name extends string>(
  sizes: Record<Name, number>,
): { kernels: Kernels; at: Record<Name, number>; buffer: ArrayBuffer } {
  const kernels = kept.get();
  const at = {} as Record<Name, number>;
  let end = (kernels.heapBase() + 15) & ~15;
  for (const name of Object.keys(sizes) as Name[]) {
    at[name] = end;
    end = (end + sizes[name] + 15) & ~15;
  }
  kept.growTo(kernels, end);
  return { kernels, at, buffer: kernels.memory.buffer };
}

/** Bytes the kernels' memory has grown to (it never shrinks); the benchmark counts it. */
export function kernelMemoryBytes(): number {
  return kept.bytes();
}
