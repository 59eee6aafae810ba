/**
 * The detectors' WebAssembly kernels (assembly/detect.ts), instantiated once per isolate and kept
 * between detections, as the engine's kernels are (a few MB, counted in memory.ts). Like the
 * engine's kernels (../codecs/simd/kernels.ts), each call lays its buffers out from the start of the
 * module's memory, so the memory only grows to the largest weights beside a band (executor.ts).
 */
import { detectKernels } from '#detect-models';
import { keep, keptGrew } from '../memory';
import type { instantiate as instantiateTyped } from './build/detect';

/** The module's exports, as the build types them from the AssemblyScript sources (scripts/build-wasm.sh). */
export type DetectKernels = Awaited<ReturnType<typeof instantiateTyped>>;

let instance: DetectKernels | null = null;
let ledger: { drop: () => void } | null = null;

/**
 * The most the kernels' memory keeps between detections (it holds the largest weights beside a
 * band: about 4 MB, executor.ts): one grown past this is left for a fresh instance at the next use.
 */
const KEEP_BYTES = 8 * 1024 * 1024;

/** A fresh instance, counted in the isolate's ledger (memory.ts) while it lives. */
function instantiate(): DetectKernels {
  ledger?.drop();
  const fresh = new WebAssembly.Instance(detectKernels, {}).exports as unknown as DetectKernels;
  instance = fresh;
  ledger = keep({
    what: "the detectors' kernels' memory",
    bytes: () => fresh.memory.buffer.byteLength,
    letGo: () => {
      if (instance === fresh) instance = null;
    },
  });
  return fresh;
}

/** Float buffers of the given lengths laid out one after another (16-byte aligned), the memory grown to hold them. */
export function floatBuffers<Name extends string>(
  lengths: Record<Name, number>,
): { kernels: DetectKernels; at: Record<Name, number>; view(name: Name, length: number): Float32Array } {
  const kernels = instance && instance.memory.buffer.byteLength <= KEEP_BYTES ? instance : instantiate();
  const at = {} as Record<Name, number>;
  let end = (kernels.heapBase() + 15) & ~15;
  for (const name of Object.keys(lengths) as Name[]) {
    at[name] = end;
    end = (end + lengths[name] * 4 + 15) & ~15;
  }
  const have = kernels.memory.buffer.byteLength;
  if (end > have) {
    kernels.memory.grow(Math.ceil((end - have) / 65536));
    keptGrew(); // counted (and let go in the ledger, never in use, past what may be kept)
  }
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
