import type { Logger } from 'pino';
import type { RunOnceLock, RunOnceOutcome } from '../../adapters/locks/run-once.port.js';
import type { Clock } from '../../common/clock.js';
import type { SweepTask } from '../../common/sweep-tasks.js';

export type { SweepTask } from '../../common/sweep-tasks.js';

/** How many of each kind one pass removed, by task name; a task another process was running is left out. */
export type SweepReport = Record<string, number>;

/**
 * Removes what has outlived its time, on a timer: the tasks the features register (expired compression jobs and
 * conversions with their files, abandoned chunked uploads, free accounts' files after 24 hours, finished batches,
 * reset links, the plans' clock) and the process's stale temporary folders.
 * Every worker process sweeps on its timer; the run-once lock keeps two from running the same task together.
 */
export class SweeperService {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SweepReport> | undefined;

  constructor(
    /** The tasks of a pass, read at each pass (features register theirs while the application starts). */
    private readonly tasks: () => readonly SweepTask[],
    private readonly lock: RunOnceLock,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** One pass; concurrent calls share the pass in progress. */
  sweep(): Promise<SweepReport> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<SweepReport> {
    const now = this.clock.now();
    const report: SweepReport = {};
    for (const task of this.tasks()) {
      const outcome = await this.runTask(task, now);
      if (outcome.ran) report[task.name] = outcome.value;
    }
    if (Object.values(report).some((n) => n > 0)) this.logger.info(report, 'sweeper removed expired files');
    return report;
  }

  private async runTask(task: SweepTask, now: Date): Promise<RunOnceOutcome<number>> {
    const sweep = () => task.sweep(now);
    try {
      return task.everyProcess ? { ran: true, value: await sweep() } : await this.lock.runExclusive(`sweep:${task.name}`, sweep);
    } catch (err) {
      // One task failing (a locked file, a dropped connection) must not stop the others.
      this.logger.error({ err, task: task.name }, 'sweep task failed');
      return { ran: true, value: 0 };
    }
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      void this.sweep();
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
