/**
 * The detectors' WebAssembly kernels (assembly/detect.ts), instantiated once per isolate and kept
 * between detections, as the engine's kernels are (a few MB, counted in memory.ts). Like the
 * engine's kernels (../codecs/simd/kernels.ts), each call lays its buffers out from the start of the
 * module's memory, so the memory only grows to the largest weights beside a band (executor.ts).
 */
import { detectKernels } from '#detect-models';
import { keptInstance } from '../codecs/wasm/kept-instance';
import type { instantiate as instantiateTyped } from './build/detect';

/** The module's exports, as the build types them from the AssemblyScript sources (scripts/build-wasm.sh). */
export type DetectKernels = Awaited<ReturnType<typeof instantiateTyped>>;

/**
 * The instance, kept between detections: its memory holds the largest weights beside a band (about
 * 4 MB, executor.ts); one grown past 8 MiB is left for a fresh one at the next use.
 */
const kept = keptInstance<DetectKernels>(detectKernels, "the detectors' kernels' memory", 8 * 1024 * 1024);

/** Float buffers of the given lengths laid out one after another (16-byte aligned), the memory grown to hold them. */
export function floatBuffers<Name extends string>(
  lengths: Record<Name, number>,
): { kernels: DetectKernels; at: Record<Name, number>; view(name: Name, length: number): Float32Array } {
  const kernels = kept.get();
  const at = {} as Record<Name, number>;
  let end = (kernels.heapBase() + 15) & ~15;
  for (const name of Object.keys(lengths) as Name[]) {
    at[name] = end;
    end = (end + lengths[name] * 4 + 15) & ~15;
  }
  kept.growTo(kernels, end);
  return {
    kernels,
    at,
    view: (name, length) => new Float32Array(kernels.memory.buffer, at[name], length),
  };
}

/** Bytes the detectors' kernel memory has grown to (it never shrinks). */
export function detectKernelBytes(): number {
  return kept.bytes();
}
