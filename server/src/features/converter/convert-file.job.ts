import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { convert } from '@shrinkly/engine';
import type { Logger } from 'pino';
import type { StoragePort } from '../../adapters/storage/storage.port.js';
import type { ConversionJobRepository } from './conversion-job.repository.js';
import type { Clock } from '../../common/clock.js';
import { failureMessage } from '../../jobs/job-failure.js';
import { throttledProgress } from '../../jobs/job-progress.js';


/** Runs one conversion: storage → private work folder → engine → storage → the job row. */
export class ConvertFileJob {
  constructor(
    private readonly jobs: ConversionJobRepository,
    private readonly storage: StoragePort,
    private readonly clock: Clock,
    private readonly workRoot: string,
    private readonly logger: Logger,
  ) {}

  async run(jobId: string, signal: AbortSignal): Promise<'success' | 'skipped' | 'failed'> {
    const job = await this.jobs.transition(jobId, ['queued'], { status: 'processing', startedAt: this.clock.now(), progress: 0, error: null });
    if (!job || !job.inputBlob) return 'skipped';
    await mkdir(this.workRoot, { recursive: true });
    let resultDir: string | undefined;
    try {
      const input = await this.storage.localPath(job.inputBlob);
      const result = await convert(input, {
        target: job.targetFormat,
        nameHint: job.fileName,
        tmpDir: this.workRoot,
        signal,
        onProgress: throttledProgress((percent) => this.jobs.setProgress(job.id, percent)),
      });
      resultDir = path.dirname(result.output);
      const output = await this.storage.putFile(result.output);
      await this.jobs.update(job.id, {
        status: 'completed', progress: 100, finishedAt: this.clock.now(), outputBlob: output.key, outputFormat: result.format,
        convertedSize: output.size, inputBlob: null,
      });
      await this.storage.delete(job.inputBlob);
      return 'success';
    } catch (err) {
      if (signal.aborted) {
        // The server is stopping: the job goes back to the queue for the next start.
        await this.jobs.update(job.id, { status: 'queued', progress: 0 });
        return 'skipped';
      }
      const error = failureMessage(err, this.logger, { id: job.id, work: 'Conversion' });
      await this.jobs.update(job.id, { status: 'failed', finishedAt: this.clock.now(), error });
      return 'failed';
    } finally {
      if (resultDir) await rm(resultDir, { recursive: true, force: true });
    }
  }
}
