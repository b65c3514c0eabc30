import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Workspace packages resolve to their TypeScript source ("source" export condition), so tests need no build.
const resolve = { conditions: ['source', 'module', 'node', 'import', 'default'] };

/**
 * The test files that take minutes, longest first. Two workers share the files; a long file started last would leave
 * one worker running it alone at the end (vitest orders unknown files by size, and these are short files).
 */
const LONGEST_FILES = [
  'packages/engine/test/ladder.int-spec.ts',
  'packages/engine/src/families/video/video.levels.int-spec.ts',
  'packages/engine/src/families/video/video.corpus.int-spec.ts',
  'packages/engine/src/families/office/office.corpus.int-spec.ts',
  'packages/engine/src/families/video/video.hard-start.int-spec.ts',
  'packages/engine/src/families/video/video.int-spec.ts',
  'server/test/integration/plan-life-cycle.model.int-spec.ts',
];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = LONGEST_FILES.findIndex((name) => file.moduleId.endsWith(name));
      return i === -1 ? LONGEST_FILES.length : i;
    };
    // Array sort is stable: files outside the list keep vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
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
          // Much of a file's time is one single-threaded tool (LibreOffice, ghostscript, an SSIM pass): two files at a
          // time keep both cores busy.
          maxWorkers: 2,
          include: ['packages/engine/src/**/*.int-spec.ts', 'packages/engine/test/**/*.int-spec.ts'],
          // The corpus ladder (packages/engine/src/corpus-ladder.test-support.ts) is made once per run and shared by the files that check it.
          globalSetup: ['packages/engine/test/global-setup.ts'],
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
          // Servers, tools and timers on a shared 2-core machine (two suites side by side): a test that fails once
          // from load gets one more try, and the report still shows "retry x1". Random-search tests opt out.
          retry: 1,
          // Each file has a server and a database of its own; much of a test's time is waiting on a tool or a socket.
          maxWorkers: 2,
          // Files of one worker share its loaded modules (each still starts its own app): loading the server's module
          // graph for every file was a third of the suite's time.
          isolate: false,
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
