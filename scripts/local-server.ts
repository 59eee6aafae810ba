import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';

/**
 * V8's flags for the local workerd (miniflare reads MINIFLARE_WORKERD_V8_FLAGS): the isolate's heap
 * limited to the 128 MB Cloudflare gives an isolate. Local workerd sets V8 no limit, so V8 sized
 * its heap for this machine's memory and collected late: under load the heap committed 74-91 MiB
 * for the 8-22 MiB a forced collection left. Cloudflare's runtime limits each isolate, and V8
 * collects to stay within it; so do local runs, and `npm start` sets the same (package.json).
 * docs/decisions/0019-isolate-memory-budget.md has the figures with and without.
 */
export const ISOLATE_V8_FLAGS = '--max-heap-size=128';

/** A local server: its address, its process (the wrangler that runs workerd), and how to stop it. */
type Server = { baseUrl: string; pid: number | undefined; stop: () => void };

/**
 * `wrangler dev` on the built worker (dist/social_resizer/wrangler.json, the bundle `wrangler
 * deploy` uploads) with the local state `npm run db:migrate` writes: what `npm start` serves, and
 * what the browser tests and the load run use. Not `vite preview`: its Node proxy to workerd fails
 * the next request on a connection after the worker answers early without reading the body (a 403,
 * 401, 404 or 413), with a 500 page that shows a stack trace, and loses connections under load.
 */
export function startWranglerDev(
  port: number,
  options: { logFile?: string; inspectorPort?: number; cwd?: string; v8Flags?: string } = {},
): Promise<Server> {
  // The same command as `npm start` (package.json): development, on the address the callers use.
  return startServer(
    'wrangler',
    [
      'dev',
      '-c',
      'dist/social_resizer/wrangler.json',
      '--persist-to',
      '.wrangler/state',
      '--port',
      String(port),
      ...(options.inspectorPort ? ['--inspector-port', String(options.inspectorPort)] : []),
      '--var',
      'ENVIRONMENT:development',
      '--var',
      `PUBLIC_ORIGIN:${localOrigin(port)}`,
    ],
    port,
    options.logFile,
    options.cwd,
    options.v8Flags ?? ISOLATE_V8_FLAGS,
  );
}

const localOrigin = (port: number) => `http://localhost:${port}`;

async function startServer(
  command: string,
  args: string[],
  port: number,
  logFile: string | undefined,
  cwd: string | undefined,
  v8Flags: string,
): Promise<Server> {
  const baseUrl = localOrigin(port);
  const server: ChildProcess = spawn(command, args, {
    cwd,
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      MINIFLARE_WORKERD_V8_FLAGS: v8Flags,
    },
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
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error(`${command} ${args[0]} did not start on ${baseUrl}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    pid: server.pid,
    stop: () => {
      // Safe when the server has already exited (its process group is gone: ESRCH).
      if (!server.pid || server.exitCode !== null) return;
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    },
  };
}
