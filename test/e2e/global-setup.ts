import type { TestProject } from 'vitest/node';
import { startWranglerDev } from '../../scripts/local-server';

const PORT = Number(process.env.E2E_PORT ?? 8790);

/** Starts the server `npm start` runs (the built app and worker in wrangler dev, local bindings) for the browser tests. */
export default async function setup(project: TestProject) {
  const { baseUrl, stop } = await startWranglerDev(PORT, { logFile: process.env.E2E_SERVER_LOG });
  project.provide('baseUrl', baseUrl);
  return stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
