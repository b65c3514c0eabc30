import { FREE_DOWNLOAD_TTL_MS, PAID_DOWNLOAD_TTL_MS } from '@shrinkly/contract';
import type { StoragePort } from '../../adapters/storage/storage.port.js';
import type { Clock } from '../../common/clock.js';
import type { CompressionJobRow } from '../../db/schema/index.js';
import type { StoredOutput } from '../../jobs/engine-step.js';
import type { Finisher } from '../../jobs/job-runner.js';
import type { CompressionJobRecords } from './compression.job-records.js';
import { targetColumns } from './compression-views.js';

/**
 * When a finished job's link stops working: for a paid file, 1 hour after its result is ready (a long video paid
 * for must not finish with its link already expired); for a free one, 24 hours after upload.
 */
export function downloadExpiry(job: Pick<CompressionJobRow, 'paidAt' | 'createdAt'>, readyAt: Date): Date {
  if (job.paidAt) return new Date(readyAt.getTime() + PAID_DOWNLOAD_TTL_MS);
  return new Date(job.createdAt.getTime() + FREE_DOWNLOAD_TTL_MS);
}

/** The end of a landing-page compression: the result waits behind its download link until the job expires. */
export class PublicResultFinisher implements Finisher<CompressionJobRow> {
  constructor(
    private readonly jobs: CompressionJobRecords,
    private readonly storage: StoragePort,
    private readonly clock: Clock,
  ) {}

  async complete(job: CompressionJobRow, result: StoredOutput): Promise<'success'> {
    const now = this.clock.now();
    const downloadExpiresAt = downloadExpiry(job, now);
    await this.jobs.update(job.id, {
      status: 'completed',
      progress: 100,
      finishedAt: now,
      outputBlob: result.blobKey,
      outputFormat: result.format,
      compressedSize: result.size,
      unchanged: result.unchanged,
      recipe: result.recipe,
      qualityScore: result.score,
      compareBlob: result.compareBlob,
      ...targetColumns(result),
      downloadExpiresAt,
      // The files stay at least as long as their link works.
      expiresAt: new Date(Math.max(job.expiresAt.getTime(), downloadExpiresAt.getTime())),
      // The original is not needed once a smaller result exists.
      inputBlob: result.unchanged ? job.inputBlob : null,
    });
    if (!result.unchanged && job.inputBlob) await this.storage.delete(job.inputBlob);
    return 'success';
  }

  async fail(job: CompressionJobRow, message: string): Promise<'failed'> {
    await this.jobs.update(job.id, { status: 'failed', finishedAt: this.clock.now(), error: message });
    return 'failed';
  }
}
