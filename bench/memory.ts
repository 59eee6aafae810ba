/** Peak memory of the engine while work runs: JS heap, array buffers and WASM memories. */
import { getHeapStatistics } from 'node:v8';
import { kernelMemoryBytes } from '@social-resizer/engine/codecs/simd/kernels';

const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
/**
 * A full collection, twice: the first frees a dead WebAssembly instance's memory (the process's
 * resident size drops at once), but V8 takes it off `external` only at the next, and an unchanged
 * counter would count freed memory as the engine's.
 */
export const gc = () => {
  collect();
  collect();
};
const MB = 1024 * 1024;

/** Samples heap + external memory every millisecond while work awaits, and at explicit points. */
export class PeakMemory {
  private peak = 0;
  private base = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  /**
   * process.memoryUsage()'s heapUsed + external, without the resident size it also reads from the
   * system (10 µs a call against 0.6: the sampling runs inside the engine's timed turns).
   */
  private current() {
    const { used_heap_size, external_memory } = getHeapStatistics();
    return used_heap_size + external_memory;
  }
  /**
   * Collects garbage (and lets native buffers of earlier sharp runs go) before taking the baseline.
   * The kernels' WebAssembly memory, grown by earlier runs and never shrunk, counts as the engine's.
   */
  async start() {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 100));
    gc();
    this.base = this.current() - kernelMemoryBytes();
    this.peak = this.base;
    this.timer = setInterval(() => this.sample(), 1);
  }
  sample() {
    this.peak = Math.max(this.peak, this.current());
  }
  stop(): number {
    this.sample();
    if (this.timer) clearInterval(this.timer);
    return (this.peak - this.base) / MB;
  }
}
