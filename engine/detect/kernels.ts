/**
 * The detectors' WebAssembly kernels (assembly/detect.ts), instantiated once per isolate. Like the
 * engine's kernels (../codecs/simd/kernels.ts), each call lays its buffers out from the start of the
 * module's memory, so the memory only grows to the largest weights beside a band (executor.ts).
 */
import { detectKernels } from '#detect-models';
import type { instantiate as instantiateTyped } from './build/detect';

/** The module's exports, as the build types them from the AssemblyScript sources (scripts/build-wasm.sh). */
export type DetectKernels = Awaited<ReturnType<typeof instantiateTyped>>;

let instance: DetectKernels | null = null;

/** Lets the instance and its memory go (see releaseDetectors); the next call makes a fresh one. */
export function releaseDetectKernels(): void {
  instance = null;
}

/** Float buffers of the given lengths laid out one after another (16-byte aligned), the memory grown to hold them. */
export function floatBuffers<Name extends string>(
  lengths: Record<Name, number>,
): { kernels: DetectKernels; at: Record<Name, number>; view(name: Name, length: number): Float32Array } {
  instance ??= new WebAssembly.Instance(detectKernels, {}).exports as unknown as DetectKernels;
  const kernels = instance;
  const at = {} as Record<Name, number>;
  let end = (kernels.heapBase() + 15) & ~15;
  for (const name of Object.keys(lengths) as Name[]) {
    at[name] = end;
    end = (end + lengths[name] * 4 + 15) & ~15;
  }
  const have = kernels.memory.buffer.byteLength;
  if (end > have) kernels.memory.grow(Math.ceil((end - have) / 65536));
  return {
    kernels,
    at,
    view: (name, length) => new Float32Array(kernels.memory.buffer, at[name], length),
  };
}

/** Bytes the detectors' kernel memory has grown to (it never shrinks). */
export function detectKernelBytes(): number {
  return instance?.memory.buffer.byteLength ?? 0;
}
