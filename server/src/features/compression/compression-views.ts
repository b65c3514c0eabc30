import {
  type CompressionJob,
  type CompressionResponse,
  FREE_COMPRESSION_LIMIT_BYTES,
  isSizable,
  PREMIUM_BENEFITS,
  qualityFields,
  SUBSCRIPTION_PRICE_USD,
  sizeSaving,
  type TargetOutcome,
} from '@shrinkly/contract';
import type { CompressionJobRow } from '../../db/schema/index.js';
import type { StoredOutput } from '../../jobs/engine-step.js';

/** A finished job's columns for how its target size went (none without a target). */
export function targetColumns(result: StoredOutput): Pick<CompressionJobRow, 'targetMet' | 'targetLevel' | 'targetBelowFloor'> {
  const { target } = result;
  return { targetMet: target?.met ?? null, targetLevel: target?.level ?? null, targetBelowFloor: target?.belowFloor ?? null };
}

/** How a finished job's target went, as the API says it; null without a target or before the result. */
function targetOf(job: CompressionJobRow): TargetOutcome {
  if (job.targetBytes === null || job.targetMet === null || job.targetLevel === null) return null;
  return {
    bytes: job.targetBytes,
    met: job.targetMet,
    level: job.targetLevel,
    belowFloor: job.targetBelowFloor ?? false,
    // As the engine says it: consent counts for the types that can go below their floor.
    belowFloorAllowed: job.belowFloor && isSizable(job.inputFormat),
  };
}

/** The links a job view needs, computed by the service (they depend on the clock and the providers). */
export interface JobLinks {
  downloadUrl: string | null;
  paymentUrl: string | null;
}

/** GET /api/compression-job/{jobId}. */
export function toJobView(job: CompressionJobRow, links: JobLinks): CompressionJob {
  return {
    jobId: job.id,
    fileName: job.fileName,
    status: job.status,
    progress: job.progress,
    isPaid: job.paidAt !== null,
    originalSize: job.originalSize,
    compressedSize: job.compressedSize,
    format: job.status === 'completed' ? (job.outputFormat ?? job.inputFormat) : null,
    unchanged: job.status === 'completed' ? (job.unchanged ?? false) : null,
    ...qualityFields(job.status === 'completed' ? job.qualityScore : null),
    target: job.status === 'completed' ? targetOf(job) : null,
    temporaryUrl: links.downloadUrl,
    downloadExpiresAt: links.downloadUrl ? (job.downloadExpiresAt?.toISOString() ?? null) : null,
    paymentAmount: job.requiresPayment ? job.paymentAmount : null,
    paymentUrl: links.paymentUrl,
    error: job.error,
  };
}

/** The answer of /api/compress and /api/assemble-chunks (COMP-03, CHUNK-06). */
export function toCompressionResponse(job: CompressionJobRow, links: JobLinks): CompressionResponse {
  const done = job.status === 'completed' && job.compressedSize !== null;
  return {
    jobId: job.id,
    status: job.status,
    requiresPayment: job.status === 'payment_required',
    downloadUrl: links.downloadUrl,
    downloadExpiresAt: links.downloadUrl ? (job.downloadExpiresAt?.toISOString() ?? null) : null,
    compressionResult: done
      ? {
          ...sizeSaving(job.originalSize, job.compressedSize as number),
          format: job.outputFormat ?? job.inputFormat,
          unchanged: job.unchanged ?? false,
          ...qualityFields(job.qualityScore),
          target: targetOf(job),
        }
      : null,
    cost: job.requiresPayment ? job.paymentAmount : null,
    paymentUrl: links.paymentUrl,
    fileSize: job.originalSize,
    maxFreeSize: FREE_COMPRESSION_LIMIT_BYTES,
    subscriptionOption: { price: SUBSCRIPTION_PRICE_USD, benefits: [...PREMIUM_BENEFITS], upgradeUrl: '/subscribe?upgrade=true' },
  };
}
