import { spawn, type ChildProcess } from 'node:child_process';
import type { TestProject } from 'vitest/node';

const PORT = Number(process.env.E2E_PORT ?? 8790);

/** Starts `vite preview` (the app and worker in workerd with local bindings) for the browser tests. */
export default async function setup(project: TestProject) {
  const baseUrl = `http://localhost:${PORT}`;
  const server: ChildProcess = spawn('vite', ['preview', '--port', String(PORT), '--strictPort'], {
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null || Date.now() > deadline) {
      throw new Error(`vite preview did not start on ${baseUrl}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  project.provide('baseUrl', baseUrl);

  return () => {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
