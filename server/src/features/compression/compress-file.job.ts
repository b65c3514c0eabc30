import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { type CompressResult, compress, isEngineError } from '@shrinkly/engine';
import type { Logger } from 'pino';
import type { StoragePort } from '../../adapters/storage/storage.port.js';
import type { CompressionJobRepository } from './compression-job.repository.js';
import type { Clock } from '../../common/clock.js';
import type { CompressionService } from './compression.service.js';
import { FILE_DELETED_MESSAGE, type FileStoreService } from '../files/file-store.service.js';
import { failureMessage } from '../../jobs/job-failure.js';
import { throttledProgress } from '../../jobs/job-progress.js';


/**
 * Runs one compression: storage → private work folder → engine → storage → the job row. Progress from the engine
 * is written to the job (at most every 2 %). Returns the outcome; only unexpected faults throw.
 */
export class CompressFileJob {
  constructor(
    private readonly jobs: CompressionJobRepository,
    private readonly storage: StoragePort,
    private readonly compression: CompressionService,
    private readonly fileStore: FileStoreService,
    private readonly clock: Clock,
    private readonly workRoot: string,
    private readonly logger: Logger,
  ) {}

  async run(jobId: string, signal: AbortSignal): Promise<'success' | 'skipped' | 'failed'> {
    const job = await this.jobs.transition(jobId, ['queued'], { status: 'processing', startedAt: this.clock.now(), progress: 0, error: null });
    if (!job || !job.inputBlob) return 'skipped';
    // Its file was deleted while the job waited (the link is cleared with the row): nothing to compress.
    if (job.kind === 'library' && !job.fileId) return this.fileStore.fail(job, FILE_DELETED_MESSAGE);
    await mkdir(this.workRoot, { recursive: true });
    let resultDir: string | undefined;
    try {
      const input = await this.storage.localPath(job.inputBlob);
      const result = await compress(input, {
        level: job.level,
        nameHint: job.fileName,
        tmpDir: this.workRoot,
        signal,
        onProgress: throttledProgress((percent) => this.jobs.setProgress(job.id, percent)),
      }).catch((err: unknown) => {
        // My Files keeps what the engine cannot compress (plain text in a batch, a file past its work budget) as it
        // was uploaded, with the reason.
        if (job.kind === 'library' && isEngineError(err, 'unsupported')) return storedAsIs(input, job.inputFormat, job.originalSize, 'This type is stored as uploaded');
        if (job.kind === 'library' && isEngineError(err, 'over-budget')) return storedAsIs(input, job.inputFormat, job.originalSize, err.message);
        throw err;
      });
      let outputBlob = job.inputBlob;
      if (!result.unchanged) {
        resultDir = path.dirname(result.output);
        outputBlob = (await this.storage.putFile(result.output)).key;
      }
      if (job.kind === 'library') {
        return await this.fileStore.complete(job, { blobKey: outputBlob, format: result.format, size: result.compressedSize, unchanged: result.unchanged });
      }
      const downloadExpiresAt = this.compression.downloadExpiry(job);
      await this.jobs.update(job.id, {
        status: 'completed', progress: 100, finishedAt: this.clock.now(),
        outputBlob, outputFormat: result.format, compressedSize: result.compressedSize, unchanged: result.unchanged,
        recipe: result.recipe, downloadExpiresAt,
        // The files stay at least as long as their link works.
        expiresAt: new Date(Math.max(job.expiresAt.getTime(), downloadExpiresAt.getTime())),
        // The original is not needed once a smaller result exists.
        inputBlob: result.unchanged ? job.inputBlob : null,
      });
      if (!result.unchanged) await this.storage.delete(job.inputBlob);
      return 'success';
    } catch (err) {
      if (signal.aborted) {
        // The server is stopping: the job goes back to the queue for the next start.
        await this.jobs.update(job.id, { status: 'queued', progress: 0 });
        return 'skipped';
      }
      if (job.kind === 'library') {
        // A file deleted mid-way takes its upload with it, so the tool fails: that is the owner's doing, not a fault.
        if (await this.fileDeleted(job.id)) return this.fileStore.fail(job, FILE_DELETED_MESSAGE);
        return this.fileStore.fail(job, failureMessage(err, this.logger, { id: job.id, work: 'Compression' }));
      }
      const message = failureMessage(err, this.logger, { id: job.id, work: 'Compression' });
      await this.jobs.update(job.id, { status: 'failed', finishedAt: this.clock.now(), error: message });
      return 'failed';
    } finally {
      if (resultDir) await rm(resultDir, { recursive: true, force: true });
    }
  }

  /** Whether a library job's file is gone (deleting the file clears the job's link to it). */
  private async fileDeleted(jobId: string): Promise<boolean> {
    const current = await this.jobs.findById(jobId);
    return !current?.fileId;
  }
}

/** The engine's result for a file kept exactly as uploaded. */
function storedAsIs(input: string, format: string, size: number, reason: string): CompressResult {
  return {
    output: input, format, originalSize: size, compressedSize: size, recipe: 'stored as uploaded', verified: true,
    metrics: {}, notes: [reason], unchanged: true,
  };
}
