import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';

type Server = { baseUrl: string; stop: () => void };

/**
 * `vite preview`: the built app and worker in workerd with local D1, R2, the Durable Object and
 * the queues, behind vite's Node server. The browser tests use it.
 */
export function startPreview(port: number, options: { logFile?: string } = {}): Promise<Server> {
  return startServer('vite', ['preview', '--port', String(port), '--strictPort'], port, options.logFile);
}

/**
 * `wrangler dev` on the built worker (dist/social_resizer/wrangler.json, the bundle `wrangler
 * deploy` uploads), with the same local state as `vite preview`. The load run uses it: under 50
 * simultaneous requests vite preview's Node proxy to workerd loses connections (ECONNRESET,
 * answered as a 500 page the worker never saw), while wrangler dev serves them all.
 */
export function startWranglerDev(port: number, options: { logFile?: string } = {}): Promise<Server> {
  return startServer('wrangler', ['dev', '-c', 'dist/social_resizer/wrangler.json', '--port', String(port), '--persist-to', '.wrangler/state'], port, options.logFile);
}

async function startServer(command: string, args: string[], port: number, logFile: string | undefined): Promise<Server> {
  const baseUrl = `http://localhost:${port}`;
  const server: ChildProcess = spawn(command, args, {
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // Keep only the tail of the output (every request logs a line), for the error message.
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  if (logFile) {
    const file = createWriteStream(logFile);
    server.stdout?.pipe(file);
    server.stderr?.pipe(file);
  }

  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`${command} ${args[0]} did not start on ${baseUrl}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    stop: () => {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    },
  };
}
