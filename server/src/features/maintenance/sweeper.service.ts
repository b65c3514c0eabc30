import type { Logger } from 'pino';
import type { Clock } from '../../common/clock.js';

/** One kind of expired thing: removes what has outlived `now` and says how many it removed. */
export interface SweepTask {
  name: string;
  sweep(now: Date): Promise<number>;
}

/** How many of each kind one pass removed, by task name. */
export type SweepReport = Record<string, number>;

/**
 * Removes what has outlived its time, on a timer: expired compression jobs with their files, abandoned chunked
 * uploads, free accounts' files after 24 hours, and finished batches. Each task is a small function of its owner.
 */
export class SweeperService {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SweepReport> | undefined;

  constructor(
    private readonly tasks: SweepTask[],
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
    for (const task of this.tasks) {
      // One task failing (a locked file, a dropped connection) must not stop the others.
      report[task.name] = await task.sweep(now).catch((err: unknown) => {
        this.logger.error({ err, task: task.name }, 'sweep task failed');
        return 0;
      });
    }
    if (Object.values(report).some((n) => n > 0)) this.logger.info(report, 'sweeper removed expired files');
    return report;
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
