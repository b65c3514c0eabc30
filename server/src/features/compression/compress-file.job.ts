import { compress } from '@shrinkly/engine';
import type { Logger } from 'pino';
import type { Clock } from '../../common/clock.js';
import type { CompressionJobRow } from '../../db/schema/index.js';
import type { EngineStep, EngineWork } from '../../jobs/engine-step.js';
import type { JobQueue } from '../../jobs/job-handlers.js';
import { type Finisher, JobRunner, QueuedJobs } from '../../jobs/job-runner.js';
import type { CompressionJobRepository } from './compression-job.repository.js';

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

/** The compression queue: the engine compresses the job's upload at its level; progress goes to the job (every 2 %). */
export class CompressionJobs extends QueuedJobs<CompressionJobRow> {
  readonly label = 'Compression';

  constructor(
    jobs: CompressionJobRepository,
    private readonly finishers: CompressionFinishers,
    clock: Clock,
  ) {
    super(jobs, clock);
  }

  work(job: CompressionJobRow, signal: AbortSignal): EngineWork {
    return async (input, workDir) => {
      const result = await compress(input, {
        level: job.level,
        nameHint: job.fileName,
        tmpDir: workDir,
        signal,
        onProgress: this.progressOf(job),
      });
      return { output: result.output, format: result.format, unchanged: result.unchanged, recipe: result.recipe };
    };
  }

  finisherOf(job: CompressionJobRow): Finisher<CompressionJobRow> {
    return this.finishers.of(job);
  }
}

/** Runs one compression job: claim → engine → the finisher of its kind. */
export class CompressFileJob extends JobRunner<CompressionJobRow> {
  constructor(kind: CompressionJobs, step: EngineStep, logger: Logger) {
    super(kind, step, logger);
  }
}
