import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript source ("source" export condition), so tests need no build.
const resolve = { conditions: ['source', 'module', 'node', 'import', 'default'] };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.spec.ts', 'server/src/**/*.spec.ts', 'renderer/src/**/*.spec.ts'],
          environment: 'node',
        },
      },
      {
        resolve,
        test: {
          name: 'engine',
          // Real encoders on a shared 2-core machine: a timing-sensitive media check gets one more try.
          retry: 1,
          include: ['packages/engine/src/**/*.int-spec.ts', 'packages/engine/test/**/*.int-spec.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve,
        test: {
          name: 'db',
          include: ['server/test/**/*.int-spec.ts'],
          exclude: ['server/test/fleet/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          // The built server as separate web and worker processes on PostgreSQL, Redis and S3 (scripts/fleet/).
          name: 'fleet',
          include: ['server/test/fleet/**/*.int-spec.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve,
        test: {
          name: 'desktop',
          include: ['desktop/src/**/*.spec.ts', 'desktop/test/**/*.int-spec.ts', 'desktop/test/**/*.e2e.ts'],
          environment: 'node',
          // The compression worker runs the built engine and desktop (dist): built once before the suite.
          globalSetup: ['desktop/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          include: ['e2e/specs/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One browser, one server: the specs run one file at a time.
          fileParallelism: false,
        },
      },
    ],
  },
});
