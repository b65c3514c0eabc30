import { convert } from '@shrinkly/engine';
import type { Logger } from 'pino';
import type { StoragePort } from '../../adapters/storage/storage.port.js';
import type { Clock } from '../../common/clock.js';
import type { ConversionJobRow } from '../../db/schema/index.js';
import type { EngineOutput, EngineStep, StoredOutput } from '../../jobs/engine-step.js';
import type { JobQueue } from '../../jobs/job-handlers.js';
import { type Finisher, type JobCallOptions, JobRunner } from '../../jobs/job-runner.js';
import type { ConversionJobRecords } from './conversion.job-records.js';

export const CONVERT_QUEUE = 'convert-file' satisfies JobQueue;

/**
 * The handler of the conversion queue: the engine converts the upload to its target, and the result waits behind its
 * link (every conversion finishes the same way, so the handler is its own finisher).
 */
export class ConversionJobHandler extends JobRunner<ConversionJobRow> implements Finisher<ConversionJobRow> {
  readonly label = 'Conversion';

  constructor(
    private readonly jobs: ConversionJobRecords,
    private readonly storage: StoragePort,
    step: EngineStep,
    clock: Clock,
    logger: Logger,
  ) {
    super(jobs, step, clock, logger);
  }

  protected async callEngine(job: ConversionJobRow, input: string, options: JobCallOptions): Promise<EngineOutput> {
    const result = await convert(input, { ...options, target: job.targetFormat });
    return { output: result.output, format: result.format, unchanged: false, recipe: null, score: null };
  }

  protected finisherOf(): Finisher<ConversionJobRow> {
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
