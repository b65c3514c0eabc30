import type { TestProject } from 'vitest/node';
import { TEST_ADMIN } from './support/admin.js';
import { startAppServer } from './support/app-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/** Starts the built server the specs share, with the sandbox payment provider and the test administrator. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startAppServer({ ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password });
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
