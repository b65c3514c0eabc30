import type { WebhookEvent, WebhookPayload } from '@shrinkly/contract';
import type { CompressionJobRow, ConversionJobRow } from '../../db/schema/index.js';

/** What an event says about its job or file: names and sizes, and routes that answer only with the owner's credentials. */
export type EventData = WebhookPayload['data'];

/** A compression's event: completed or failed, with its result's sizes and score. */
export function compressionEvent(job: CompressionJobRow, appUrl: string): { event: WebhookEvent; data: EventData } {
  const completed = job.status === 'completed';
  const data: EventData = {
    jobId: job.id,
    ...(job.fileId ? { fileId: job.fileId } : {}),
    name: job.fileName,
    originalSize: job.originalSize,
  };
  if (!completed) return { event: 'compression.failed', data: { ...data, error: job.error ?? 'Compression failed' } };
  return {
    event: 'compression.completed',
    data: {
      ...data,
      compressedSize: job.compressedSize ?? job.originalSize,
      qualityScore: job.qualityScore,
      downloadUrl:
        job.kind === 'library' && job.fileId
          ? `${appUrl}/api/files/${job.fileId}/download`
          : `${appUrl}/api/compression-jobs/${job.id}/download`,
    },
  };
}

/** A My Files file whose compression is stored: file.ready. */
export function fileReadyEvent(job: CompressionJobRow & { fileId: string }, appUrl: string): EventData {
  return {
    fileId: job.fileId,
    jobId: job.id,
    name: job.fileName,
    originalSize: job.originalSize,
    compressedSize: job.compressedSize ?? job.originalSize,
    qualityScore: job.qualityScore,
    downloadUrl: `${appUrl}/api/files/${job.fileId}/download`,
  };
}

/** A conversion's event; its download link is given by GET /api/converter/jobs/{jobId}, not here. */
export function conversionEvent(job: ConversionJobRow): { event: WebhookEvent; data: EventData } {
  const data: EventData = { jobId: job.id, name: job.fileName, originalSize: job.originalSize, targetFormat: job.targetFormat };
  if (job.status !== 'completed') {
    return { event: 'conversion.failed', data: { ...data, error: job.error ?? 'Conversion failed' } };
  }
  return { event: 'conversion.completed', data: { ...data, convertedSize: job.convertedSize ?? 0 } };
}
