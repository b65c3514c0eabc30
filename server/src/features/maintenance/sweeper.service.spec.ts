import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { InProcessRunOnce } from '../../adapters/locks/in-process.run-once.js';
import { Clock } from '../../common/clock.js';
import { SweeperService, type SweepTask } from './sweeper.service.js';

const logger = pino({ level: 'silent' });

describe('SweeperService', () => {
  it('runs a shared task in one sweeper at a time, and a task of every process in each', async () => {
    const lock = new InProcessRunOnce();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const runs: string[] = [];
    const shared: SweepTask = {
      name: 'expiredJobs',
      async sweep() {
        runs.push('expiredJobs');
        await held;
        return 3;
      },
    };
    const local: SweepTask = {
      name: 'tempFiles',
      everyProcess: true,
      sweep: async () => {
        runs.push('tempFiles');
        return 1;
      },
    };
    const [one, two] = [
      new SweeperService(() => [shared, local], lock, new Clock(), logger),
      new SweeperService(() => [shared, local], lock, new Clock(), logger),
    ];
    const first = one.sweep();
    await new Promise((r) => setTimeout(r, 10));
    expect(await two.sweep()).toEqual({ tempFiles: 1 });
    release();
    expect(await first).toEqual({ expiredJobs: 3, tempFiles: 1 });
    expect(runs).toEqual(['expiredJobs', 'tempFiles', 'tempFiles']);
  });

  it('keeps sweeping when a task fails', async () => {
    const failing: SweepTask = { name: 'files', sweep: () => Promise.reject(new Error('disk gone')) };
    const next: SweepTask = { name: 'batches', sweep: async () => 2 };
    expect(await new SweeperService(() => [failing, next], new InProcessRunOnce(), new Clock(), logger).sweep()).toEqual({
      files: 0,
      batches: 2,
    });
  });
});
