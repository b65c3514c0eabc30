import { rm } from 'node:fs/promises';
import {
  CONVERTED_FILE_TTL_MS,
  CONVERTER_LIMIT_BYTES,
  type Conversion,
  type ConverterFormats,
  ErrorMessages,
} from '@shrinkly/contract';
import { conversionTargets, extensionForMime } from '@shrinkly/engine';
import type { QueuePort } from '../../adapters/queue/queue.port.js';
import type { StoragePort } from '../../adapters/storage/storage.port.js';
import type { Clock } from '../../common/clock.js';
import type { DownloadTicketService, SignedLink } from '../../common/download-ticket.service.js';
import { NotFoundError, PayloadTooLargeError, UnprocessableError, ValidationError } from '../../common/errors.js';
import { downloadName } from '../../common/file-naming.js';
import { isUuid } from '../../common/ids.js';
import type { ConversionJobRow, UserRow } from '../../db/schema/index.js';
import { waitForJob } from '../../jobs/job-wait.js';
import type { JobWatchers } from '../../jobs/job-watchers.js';
import { type IncomingFile, readRealType } from '../uploads/incoming-file.js';
import { CONVERT_QUEUE } from './conversion.job-handler.js';
import type { ConversionJobRecords } from './conversion.job-records.js';

/** The free converter's rules: what converts to what, job creation, and what the page sees. */
export class ConverterService {
  constructor(
    private readonly jobs: ConversionJobRecords,
    private readonly storage: StoragePort,
    private readonly queue: QueuePort,
    private readonly tickets: DownloadTicketService,
    private readonly clock: Clock,
    private readonly watchers: JobWatchers,
    private readonly syncWaitMs: number,
  ) {}

  /** The targets for a MIME type as the browser gives it; unknown types have none. */
  formats(mimeType: string): ConverterFormats {
    const ext = extensionForMime(mimeType);
    return { formats: ext ? conversionTargets(ext) : [] };
  }

  /**
   * Checks, stores and queues one conversion; a quick one is awaited. The local file is consumed either way. A
   * signed-in caller's conversion is watched (webhooks), with the request's one-off callbackUrl if any.
   */
  async accept(file: IncomingFile, targetFormat: string, caller: UserRow | null, callbackUrl?: string): Promise<Conversion> {
    try {
      if (file.size > CONVERTER_LIMIT_BYTES) throw new PayloadTooLargeError(ErrorMessages.converterTooLarge);
      await this.watchers.checkCallback(caller, callbackUrl);
      const type = await readRealType(
        file,
        (ext) => conversionTargets(ext).length > 0,
        'This file type cannot be converted. Try a document, image, video or audio file.',
      );
      const target = targetFormat.toLowerCase();
      if (!conversionTargets(type.ext).includes(target)) {
        if (type.ext === 'pdf' && ['ppt', 'pptx', 'odp'].includes(target)) {
          throw new ValidationError('PDF to PowerPoint conversion is not supported. Please convert to Word or text instead.');
        }
        throw new ValidationError(`${target.toUpperCase()} conversion is not supported for ${type.ext.toUpperCase()} files.`);
      }
      const blob = await this.storage.putFile(file.path);
      const now = this.clock.now();
      const job = await this.jobs.create({
        status: 'queued',
        fileName: file.originalName,
        inputFormat: type.ext,
        targetFormat: target,
        inputBlob: blob.key,
        originalSize: blob.size,
        expiresAt: new Date(now.getTime() + CONVERTED_FILE_TTL_MS),
      });
      if (caller) await this.watchers.watch({ kind: 'conversion', jobId: job.id, userId: caller.id, callbackUrl });
      await this.queue.enqueue(CONVERT_QUEUE, job.id);
      const settled = await waitForJob(() => this.jobs.findById(job.id), this.syncWaitMs);
      if (settled.status === 'failed') throw new UnprocessableError(settled.error ?? 'Conversion failed. Please try again.');
      return this.view(settled);
    } finally {
      await rm(file.path, { force: true });
    }
  }

  async getJob(jobId: string): Promise<Conversion> {
    return this.view(await this.find(jobId));
  }

  /** The converted file behind a signed link; forged or expired links are "not found". */
  async download(jobId: string, link: SignedLink): Promise<ConversionJobRow> {
    const job = isUuid(jobId) && this.tickets.verifyConversion(jobId, link) ? await this.jobs.findById(jobId) : undefined;
    if (job?.status !== 'completed' || !job.outputBlob) throw new NotFoundError('This download link has expired or is not valid');
    return job;
  }

  /** The name a converted file downloads as: the original's with the new extension. */
  outputName(job: Pick<ConversionJobRow, 'fileName' | 'outputFormat' | 'targetFormat'>): string {
    return downloadName(job.fileName, job.outputFormat ?? job.targetFormat);
  }

  private view(job: ConversionJobRow): Conversion {
    const completed = job.status === 'completed';
    const downloadable = completed && job.expiresAt > this.clock.now();
    return {
      success: completed,
      jobId: job.id,
      status: job.status,
      progress: completed ? 100 : job.progress,
      fileName: this.outputName(job),
      targetFormat: job.targetFormat,
      originalSize: job.originalSize,
      convertedSize: job.convertedSize,
      downloadUrl: downloadable ? this.tickets.conversionUrl(job.id, job.expiresAt) : null,
      downloadExpiresAt: downloadable ? job.expiresAt.toISOString() : null,
      message: messageOf(job),
    };
  }

  private async find(jobId: string): Promise<ConversionJobRow> {
    const job = isUuid(jobId) ? await this.jobs.findById(jobId) : undefined;
    if (!job) throw new NotFoundError('Conversion not found');
    return job;
  }
}

function messageOf(job: ConversionJobRow): string {
  switch (job.status) {
    case 'completed':
      return `Converted to ${job.targetFormat.toUpperCase()}`;
    case 'failed':
      return job.error ?? 'Conversion failed';
    default:
      return `Converting to ${job.targetFormat.toUpperCase()}...`;
  }
}
