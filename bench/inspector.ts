/**
 * The isolate's memory as V8 reports it, read through wrangler dev's inspector proxy
 * (`--inspector-port`; it refuses a WebSocket without an Origin header). `Runtime.getHeapUsage`
 * answers only between tasks, so a peak inside one synchronous stretch is not seen: what it
 * misses, the engine's own ledger (engine/memory.ts) counts.
 */

/** V8's figures, in bytes: the heap used and committed, and the backing stores (ArrayBuffers, WebAssembly memories). */
export type HeapUsage = { usedSize: number; totalSize: number; backingStorageSize: number };

type SamplingNode = {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
};

export class Inspector {
  private next = 0;
  private readonly waiting = new Map<number, (result: unknown) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
      if (message.id === undefined) return;
      this.waiting.get(message.id)?.(message.result);
      this.waiting.delete(message.id);
    };
  }

  /** Connects to the worker's isolate behind the inspector at `port`. */
  static async connect(port: number): Promise<Inspector> {
    const origin = `http://127.0.0.1:${port}`;
    const targets = (await (await fetch(`${origin}/json`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
    const url = targets[0]?.webSocketDebuggerUrl;
    if (!url) throw new Error(`no isolate behind the inspector on port ${port}`);
    // Node's WebSocket (undici) takes headers the browser's does not: the proxy wants an Origin.
    const socket = new WebSocket(url, { headers: { Origin: origin } } as unknown as string[]);
    await new Promise<void>((resolve, reject) => {
      socket.onopen = () => resolve();
      socket.onerror = () => reject(new Error(`the inspector on port ${port} refused the connection`));
    });
    return new Inspector(socket);
  }

  private send<T>(method: string, params: object = {}): Promise<T> {
    const id = ++this.next;
    return new Promise<T>((resolve) => {
      this.waiting.set(id, resolve as (result: unknown) => void);
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /**
   * Samples where the isolate allocates on its JavaScript heap (V8's sampling heap profiler, one
   * sample every 64 KB), counting objects the collector has since taken as well: what makes the
   * heap's committed size grow. Answers, when stopped, the bytes by function, largest first.
   */
  async allocations(): Promise<{ stop: () => Promise<Array<{ where: string; bytes: number }>> }> {
    await this.send('HeapProfiler.enable');
    await this.send('HeapProfiler.startSampling', {
      samplingInterval: 65536,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    return {
      stop: async () => {
        const { profile } = await this.send<{ profile: { head: SamplingNode } }>('HeapProfiler.stopSampling');
        const bytes = new Map<string, number>();
        // A builtin (no script of its own: `subarray`, an iterator's `next`) is named with its caller.
        const walk = (node: SamplingNode, caller: string) => {
          const { functionName, url, lineNumber } = node.callFrame;
          const name = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
          const where = url ? name : `${functionName} in ${caller}`;
          if (node.selfSize > 0) bytes.set(where, (bytes.get(where) ?? 0) + node.selfSize);
          for (const child of node.children) walk(child, url ? name : caller);
        };
        walk(profile.head, '(root)');
        return [...bytes].map(([where, size]) => ({ where, bytes: size })).sort((a, b) => b.bytes - a.bytes);
      },
    };
  }

  heapUsage(): Promise<HeapUsage> {
    return this.send<HeapUsage>('Runtime.getHeapUsage');
  }

  /**
   * The heap usage, then a full collection forced (V8's HeapProfiler.collectGarbage), then the heap
   * usage after it: the difference is the garbage, what is left what the isolate holds. An idle
   * isolate answers once it runs a task, so `poke` (a request to the worker) is made while an
   * answer is awaited.
   */
  async collect(poke: () => Promise<unknown>): Promise<{ before: HeapUsage; after: HeapUsage }> {
    const poking = async <T>(asked: Promise<T>): Promise<T> => {
      let answered = false;
      // Settled either way: a refusal then ends the wait below, thrown by the race.
      const settled = () => (answered = true);
      void asked.then(settled, settled);
      while (!answered) {
        await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 200))]);
        if (!answered) await poke().catch(() => undefined);
      }
      return asked;
    };
    const before = await poking(this.heapUsage());
    await poking(this.send('HeapProfiler.collectGarbage'));
    return { before, after: await poking(this.heapUsage()) };
  }

  /** Samples the heap usage every `everyMs` until stopped; answers the peaks of live and committed memory. */
  sample(everyMs = 25): {
    stop: () => Promise<{ live: number; committed: number; backing: number; heapAtCommitted: number }>;
  } {
    const peak = { live: 0, committed: 0, backing: 0, heapAtCommitted: 0 };
    let running = true;
    const loop = (async () => {
      while (running) {
        const usage = await this.heapUsage();
        peak.live = Math.max(peak.live, usage.usedSize + usage.backingStorageSize);
        if (usage.totalSize + usage.backingStorageSize > peak.committed) {
          peak.committed = usage.totalSize + usage.backingStorageSize;
          peak.heapAtCommitted = usage.totalSize;
        }
        peak.backing = Math.max(peak.backing, usage.backingStorageSize);
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    })();
    return {
      stop: async () => {
        running = false;
        await loop;
        return peak;
      },
    };
  }

  close(): void {
    this.socket.close();
  }
}
