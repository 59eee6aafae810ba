import type { TestProject } from 'vitest/node';
import { startPreview } from '../../scripts/local-server';

const PORT = Number(process.env.E2E_PORT ?? 8790);

/** Starts `vite preview` (the app and worker in workerd with local bindings) for the browser tests. */
export default async function setup(project: TestProject) {
  const { baseUrl, stop } = await startPreview(PORT);
  project.provide('baseUrl', baseUrl);
  return stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
