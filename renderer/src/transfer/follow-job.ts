import type { CompressionJob, Conversion, ConversionStatus, JobStatus } from '@shrinkly/contract';
import { api } from '../api/client';
import { sleep } from './abortable-sleep';
import { JOB_POLL_INTERVAL_MS } from './transfer-timing';

export interface FollowOptions<Job> {
  signal: AbortSignal;
  /** Sees every answer, the last one included. */
  onProgress?: (job: Job) => void;
}

/** Reads a job every JOB_POLL_INTERVAL_MS until it has ended. */
async function followUntil<Job>(
  read: () => Promise<Job>,
  ended: (job: Job) => boolean,
  options: FollowOptions<Job>,
): Promise<Job> {
  for (;;) {
    const job = await read();
    options.signal.throwIfAborted();
    options.onProgress?.(job);
    if (ended(job)) return job;
    await sleep(JOB_POLL_INTERVAL_MS, options.signal);
  }
}

const COMPRESSION_ENDED: ReadonlySet<JobStatus> = new Set(['completed', 'failed', 'payment_required']);
const CONVERSION_ENDED: ReadonlySet<ConversionStatus> = new Set(['completed', 'failed']);

/** A compression is over once completed, failed or waiting for payment. */
export function compressionEnded(status: JobStatus): boolean {
  return COMPRESSION_ENDED.has(status);
}

export function conversionEnded(status: ConversionStatus): boolean {
  return CONVERSION_ENDED.has(status);
}

/** A compression started from the landing page, through its public route. */
export function followCompressionJob(jobId: string, options: FollowOptions<CompressionJob>): Promise<CompressionJob> {
  return followUntil(
    () => api.compressionJob({ jobId }),
    (job) => compressionEnded(job.status),
    options,
  );
}

/** The compression of an upload to My Files, through the route only its owner may read (user token). */
export function followLibraryJob(jobId: string, options: FollowOptions<CompressionJob>): Promise<CompressionJob> {
  return followUntil(
    () => api.fileJob({ jobId }),
    (job) => compressionEnded(job.status),
    options,
  );
}

export function followConversion(jobId: string, options: FollowOptions<Conversion>): Promise<Conversion> {
  return followUntil(
    () => api.conversionJob({ jobId }),
    (job) => conversionEnded(job.status),
    options,
  );
}
