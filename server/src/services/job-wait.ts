import type { CompressionJobRow } from '../db/schema/index.js';
import type { CompressionJobRepository } from '../repositories/compression-job.repository.js';

const POLL_MS = 100;

/**
 * Waits up to `waitMs` for a job to finish, so quick compressions answer with their result in the same request
 * and long ones answer with the job to follow. Returns the job as it is at the end.
 */
export async function waitForJob(jobs: CompressionJobRepository, jobId: string, waitMs: number): Promise<CompressionJobRow> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const job = await jobs.findById(jobId);
    if (!job) throw new Error(`job ${jobId} vanished while awaited`);
    if (job.status === 'completed' || job.status === 'failed' || Date.now() >= deadline) return job;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
