import { compress } from '@shrinkly/engine';
import type { Logger } from 'pino';
import type { Clock } from '../../common/clock.js';
import type { CompressionJobRow } from '../../db/schema/index.js';
import type { EngineOutput, EngineStep, StoredOutput } from '../../jobs/engine-step.js';
import type { JobQueue } from '../../jobs/job-handlers.js';
import { type Finisher, type JobCallOptions, JobRunner } from '../../jobs/job-runner.js';
import type { CompressionJobRecords } from './compression.job-records.js';

export const COMPRESS_QUEUE = 'compress-file' satisfies JobQueue;

/** Compression jobs by kind: 'public' (the landing page) and 'library' (My Files). */
export type CompressionJobKind = 'public' | 'library';

/** Who finishes a compression, by the job's kind; each kind's owner registers its own. */
export class CompressionFinishers {
  private readonly finishers = new Map<string, Finisher<CompressionJobRow>>();

  register(kind: CompressionJobKind, finisher: Finisher<CompressionJobRow>): void {
    if (this.finishers.has(kind)) throw new Error(`compression jobs of kind ${kind} already have a finisher`);
    this.finishers.set(kind, finisher);
  }

  of(job: CompressionJobRow): Finisher<CompressionJobRow> {
    const finisher = this.finishers.get(job.kind);
    if (!finisher) throw new Error(`no finisher for compression jobs of kind ${job.kind}`);
    return finisher;
  }
}

/** Told of every compression once its result is recorded (the service's statistics). */
export type CompletionListener = (job: CompressionJobRow, result: StoredOutput) => Promise<void>;

/** The handler of the compression queue: the engine compresses the job's upload at its level, then the finisher of its kind. */
export class CompressionJobHandler extends JobRunner<CompressionJobRow> {
  readonly label = 'Compression';
  private readonly listeners: CompletionListener[] = [];

  constructor(
    jobs: CompressionJobRecords,
    private readonly finishers: CompressionFinishers,
    step: EngineStep,
    clock: Clock,
    logger: Logger,
  ) {
    super(jobs, step, clock, logger);
  }

  protected async callEngine(job: CompressionJobRow, input: string, options: JobCallOptions): Promise<EngineOutput> {
    const result = await compress(input, {
      ...options,
      level: job.level,
      targetBytes: job.targetBytes ?? undefined,
      maxDimension: job.maxDimension ?? undefined,
      maxImagePpi: job.maxImagePpi ?? undefined,
      belowFloor: job.belowFloor,
      metadata: job.metadata ?? undefined,
      compare: true,
    });
    const { output, format, unchanged, recipe, score, target, compare } = result;
    return { output, format, unchanged, recipe, score, target, compare };
  }

  protected finisherOf(job: CompressionJobRow): Finisher<CompressionJobRow> {
    return this.finishers.of(job);
  }

  /** Adds a listener to every finished compression, whatever its kind. */
  onCompleted(listener: CompletionListener): void {
    this.listeners.push(listener);
  }

  /** A listener's failure is logged: the job and its result stand. */
  protected override async completed(job: CompressionJobRow, result: StoredOutput): Promise<void> {
    for (const listener of this.listeners) {
      await listener(job, result).catch((err: unknown) =>
        this.logger.warn({ err, jobId: job.id }, 'a finished compression was not counted'),
      );
    }
  }
}
