import { convert } from '@shrinkly/engine';
import type { Logger } from 'pino';
import type { StoragePort } from '../../adapters/storage/storage.port.js';
import type { Clock } from '../../common/clock.js';
import type { ConversionJobRow } from '../../db/schema/index.js';
import type { EngineStep, EngineWork, StoredOutput } from '../../jobs/engine-step.js';
import type { JobQueue } from '../../jobs/job-handlers.js';
import { type Finisher, JobRunner, QueuedJobs } from '../../jobs/job-runner.js';
import type { ConversionJobRepository } from './conversion-job.repository.js';

export const CONVERT_QUEUE = 'convert-file' satisfies JobQueue;

/** The conversion queue: the engine converts the upload to its target; the result waits behind its link. */
export class ConversionJobs extends QueuedJobs<ConversionJobRow> implements Finisher<ConversionJobRow> {
  readonly label = 'Conversion';

  constructor(
    private readonly jobs: ConversionJobRepository,
    private readonly storage: StoragePort,
    clock: Clock,
  ) {
    super(jobs, clock);
  }

  work(job: ConversionJobRow, signal: AbortSignal): EngineWork {
    return async (input, workDir) => {
      const result = await convert(input, {
        target: job.targetFormat,
        nameHint: job.fileName,
        tmpDir: workDir,
        signal,
        onProgress: this.progressOf(job),
      });
      return { output: result.output, format: result.format, unchanged: false, recipe: null };
    };
  }

  finisherOf(): Finisher<ConversionJobRow> {
    return this;
  }

  async complete(job: ConversionJobRow, result: StoredOutput): Promise<'success'> {
    await this.jobs.update(job.id, {
      status: 'completed',
      progress: 100,
      finishedAt: this.clock.now(),
      outputBlob: result.blobKey,
      outputFormat: result.format,
      convertedSize: result.size,
      inputBlob: null,
    });
    if (job.inputBlob) await this.storage.delete(job.inputBlob);
    return 'success';
  }

  async fail(job: ConversionJobRow, message: string): Promise<'failed'> {
    await this.jobs.update(job.id, { status: 'failed', finishedAt: this.clock.now(), error: message });
    return 'failed';
  }
}

/** Runs one conversion job: claim → engine → the converted file behind its link. */
export class ConvertFileJob extends JobRunner<ConversionJobRow> {
  constructor(kind: ConversionJobs, step: EngineStep, logger: Logger) {
    super(kind, step, logger);
  }
}
