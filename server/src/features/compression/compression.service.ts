import { rm } from 'node:fs/promises';
import {
  type Comparison,
  type CompressionJob,
  type CompressionLevel,
  type CompressionResponse,
  ErrorMessages,
  LANDING_ACCEPTED_TYPES,
  MAX_FILE_SIZE_BYTES,
  type MetadataChoice,
  TEMPORARY_FILE_TTL_MS,
} from '@shrinkly/contract';
import type { DetectedType } from '@shrinkly/engine';
import type { QueuePort } from '../../adapters/queue/queue.port.js';
import type { StoragePort } from '../../adapters/storage/storage.port.js';
import type { Clock } from '../../common/clock.js';
import type { DownloadTicketService, SignedLink } from '../../common/download-ticket.service.js';
import { NotFoundError, PayloadTooLargeError, PaymentRequiredError } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import type { CompressionJobRow, UserRow } from '../../db/schema/index.js';
import { readComparison } from '../../jobs/engine-step.js';
import { waitForJob } from '../../jobs/job-wait.js';
import type { JobWatchers } from '../../jobs/job-watchers.js';
import { planOf } from '../../read-models/plan-of.js';
import type { BillingService } from '../billing/billing.service.js';
import { AcceptedTypes, type IncomingFile } from '../uploads/incoming-file.js';
import { COMPRESS_QUEUE } from './compression.job-handler.js';
import type { CompressionJobRecords } from './compression.job-records.js';
import { paymentTerms } from './compression-fulfilment.js';
import { type JobLinks, toCompressionResponse, toJobView } from './compression-views.js';

const ACCEPTED = new AcceptedTypes(LANDING_ACCEPTED_TYPES);

/** An upload My Files has stored and filed (as `fileId`), to be compressed into that file. */
/** What a compression is asked for: its level, and the size it should fit under, if any. */
export interface CompressionRequest {
  level: CompressionLevel;
  targetBytes?: number | undefined;
  /** Pictures: the longest side in pixels. */
  maxDimension?: number | undefined;
  /** PDFs: the highest resolution their pictures keep. */
  maxImagePpi?: number | undefined;
  /** With a target: consent to a result below the level's quality floor (audio and video). */
  belowFloor?: boolean | undefined;
  /** Pictures: what the result keeps of the original's metadata. */
  metadata?: MetadataChoice | undefined;
  /** Told of the job's end once (signed-in trial and premium callers). */
  callbackUrl?: string | undefined;
}

export interface LibraryUpload {
  userId: string;
  fileId: string;
  level: CompressionLevel;
  targetBytes: number | null;
  belowFloor: boolean;
  maxDimension: number | null;
  maxImagePpi: number | null;
  metadata: MetadataChoice | null;
  /** The client's name for the file. */
  fileName: string;
  /** Its real type, read from the content. */
  inputFormat: string;
  inputBlob: string;
  originalSize: number;
  /** Told of the job's end once. */
  callbackUrl?: string | undefined;
}

/** The rules of public compression: free or paid, job creation, payment, and what the client sees. */
export class CompressionService {
  /** Checkouts being made, by job id: first looks at a job that arrive together wait for the same one. */
  private readonly checkoutsMaking = new Map<string, Promise<string>>();

  constructor(
    private readonly jobs: CompressionJobRecords,
    private readonly storage: StoragePort,
    private readonly queue: QueuePort,
    private readonly billing: BillingService,
    private readonly tickets: DownloadTicketService,
    private readonly clock: Clock,
    private readonly watchers: JobWatchers,
    private readonly limits: {
      /** How long an upload waits for a quick result before answering with the job. */
      syncWaitMs: number;
      /** Unpaid uploads from one address add up to at most this (UNPAID_UPLOADS_PER_ADDRESS_BYTES by default). */
      unpaidBytesPerAddress: number;
    },
  ) {}

  /** The real type of an upload, refused with 415 unless the landing page accepts it. */
  checkType(file: IncomingFile): Promise<DetectedType> {
    return ACCEPTED.read(file);
  }

  /** Whether this file costs money for this caller: 100 MB or more, unless the account is on trial or premium. */
  requiresPayment(size: number, user: UserRow | null): boolean {
    return planOf(user, this.clock.now()).pricePerFile(size) > 0;
  }

  /**
   * Refuses (413) a file that would need payment when the unpaid uploads from `address` and it would pass the
   * per-address cap. Asked before the bytes arrive (the declared size, each chunk) and again when
   * the job is made.
   */
  async assertUnpaidRoom(address: string, size: number, user: UserRow | null): Promise<void> {
    if (!this.requiresPayment(size, user)) return;
    const waiting = await this.jobs.unpaidBytesFrom(address, this.clock.now());
    if (waiting + size > this.limits.unpaidBytesPerAddress) throw new PayloadTooLargeError(ErrorMessages.unpaidUploadsFull);
  }

  /**
   * Turns an upload from `address` into a job: stored, then queued (free) or waiting for payment. A quick job is
   * awaited for a few seconds so small files answer with their result at once. The local file is consumed either way.
   */
  async accept(
    file: IncomingFile,
    request: CompressionRequest,
    user: UserRow | null,
    address: string,
  ): Promise<CompressionResponse> {
    try {
      if (file.size > MAX_FILE_SIZE_BYTES) throw new PayloadTooLargeError(ErrorMessages.fileTooLarge);
      await this.watchers.checkCallback(user, request.callbackUrl);
      const type = await this.checkType(file);
      const requiresPayment = this.requiresPayment(file.size, user);
      if (requiresPayment) await this.assertUnpaidRoom(address, file.size, user);
      const blob = await this.storage.putFile(file.path);
      const now = this.clock.now();
      const job = await this.jobs.create({
        userId: user?.id ?? null,
        status: requiresPayment ? 'payment_required' : 'queued',
        level: request.level,
        targetBytes: request.targetBytes ?? null,
        maxDimension: request.maxDimension ?? null,
        maxImagePpi: request.maxImagePpi ?? null,
        belowFloor: request.belowFloor ?? false,
        // A signed-in user's saved choice when the request names none.
        metadata: request.metadata ?? user?.photoData ?? null,
        fileName: file.originalName,
        inputFormat: type.ext,
        inputBlob: blob.key,
        originalSize: blob.size,
        requiresPayment,
        paymentAmount: requiresPayment ? planOf(user, now).pricePerFile(blob.size) : null,
        expiresAt: new Date(now.getTime() + TEMPORARY_FILE_TTL_MS),
        clientAddress: requiresPayment ? address : null,
      });
      if (user && request.callbackUrl) {
        await this.watchers.watch({ kind: 'compression', jobId: job.id, userId: user.id, callbackUrl: request.callbackUrl });
      }
      if (requiresPayment) {
        await this.keepWithinUnpaidCap(job, address);
        return toCompressionResponse(job, await this.links(job));
      }
      await this.queue.enqueue(COMPRESS_QUEUE, job.id);
      const settled = await this.settled(job.id);
      return toCompressionResponse(settled, await this.links(settled));
    } finally {
      await rm(file.path, { force: true });
    }
  }

  /**
   * Starts compressing an upload My Files has stored as one of its files: recorded as a library job of that file and
   * queued. Its result becomes the file (see LibraryResultFinisher).
   */
  async startLibraryJob({ callbackUrl, ...upload }: LibraryUpload): Promise<CompressionJobRow> {
    const job = await this.jobs.create({
      ...upload,
      kind: 'library',
      status: 'queued',
      expiresAt: new Date(this.clock.now().getTime() + TEMPORARY_FILE_TTL_MS),
    });
    if (callbackUrl) await this.watchers.watch({ kind: 'compression', jobId: job.id, userId: upload.userId, callbackUrl });
    await this.queue.enqueue(COMPRESS_QUEUE, job.id);
    return job;
  }

  /** Refuses a callbackUrl the caller may not have (see JobWatcher), before an upload is stored. */
  checkCallback(user: UserRow, callbackUrl: string | undefined): Promise<void> {
    return this.watchers.checkCallback(user, callbackUrl);
  }

  /** A queued job once it is done, or as it is after a few seconds: quick work answers in the request that sent it. */
  settled(jobId: string): Promise<CompressionJobRow> {
    return waitForJob(() => this.jobs.findById(jobId), this.limits.syncWaitMs);
  }

  /** Uploads racing past the first check: the total now recorded decides, and the one over it is undone. */
  private async keepWithinUnpaidCap(job: CompressionJobRow, address: string): Promise<void> {
    if ((await this.jobs.unpaidBytesFrom(address, this.clock.now())) <= this.limits.unpaidBytesPerAddress) return;
    await this.jobs.delete(job.id);
    if (job.inputBlob) await this.storage.delete(job.inputBlob);
    throw new PayloadTooLargeError(ErrorMessages.unpaidUploadsFull);
  }

  /** A job as its owner sees it; `caller` is the signed-in user, or null for a visitor. */
  async getJob(jobId: string, caller: UserRow | null): Promise<CompressionJob> {
    const job = await this.findFor(jobId, caller);
    return toJobView(job, await this.links(job));
  }

  /** A compression of one of the user's own uploads to My Files; anyone else's, or a landing-page job, is not found. */
  async libraryJob(jobId: string, owner: UserRow): Promise<CompressionJob> {
    const job = await this.find(jobId);
    if (job.userId !== owner.id || job.kind !== 'library') throw new NotFoundError('Compression job not found');
    return toJobView(job, await this.links(job));
  }

  /** The sandbox's "payment succeeded" without the checkout page, for the job's owner; 404 with any real provider. */
  async simulatePayment(jobId: string, caller: UserRow | null): Promise<CompressionJob> {
    const job = await this.findFor(jobId, caller);
    await this.billing.simulatePaid({ kind: 'compression', id: job.id });
    return this.getJob(job.id, caller);
  }

  /** Starts a paid job's compression; refused with 402 while unpaid. Repeating it is harmless. */
  async processPaid(jobId: string, caller: UserRow | null): Promise<CompressionJob> {
    const job = await this.findFor(jobId, caller);
    if (job.requiresPayment && !job.paidAt) throw new PaymentRequiredError('Payment is required before this file is compressed');
    const started = await this.jobs.transition(job.id, ['payment_required'], { status: 'queued' });
    if (started) await this.queue.enqueue(COMPRESS_QUEUE, started.id);
    const current = started ?? job;
    return toJobView(current, await this.links(current));
  }

  /** A finished job's before/after renditions, for whoever may follow the job; 404 when it has none. */
  async comparison(jobId: string, caller: UserRow | null): Promise<Comparison> {
    const job = await this.findFor(jobId, caller);
    if (job.status !== 'completed' || !job.compareBlob) throw new NotFoundError(ErrorMessages.noComparison);
    return readComparison(this.storage, job.compareBlob);
  }

  /** A signed-in owner's result, for the bearer download route. */
  async ownedResult(jobId: string, user: UserRow): Promise<CompressionJobRow> {
    const job = await this.jobs.findById(jobId);
    if (!job || job.userId !== user.id) throw new NotFoundError('Compression job not found');
    return this.requireResult(job);
  }

  /** The result behind a signed download link; expired or forged links are 404. */
  async ticketResult(jobId: string, link: SignedLink): Promise<CompressionJobRow> {
    if (!this.tickets.verify(jobId, link)) throw new NotFoundError('This download link has expired or is not valid');
    const job = await this.jobs.findById(jobId);
    if (!job) throw new NotFoundError('This download link has expired or is not valid');
    return this.requireResult(job);
  }

  private requireResult(job: CompressionJobRow): CompressionJobRow {
    if (job.status !== 'completed' || !job.outputBlob) throw new NotFoundError('The compressed file is not ready');
    return job;
  }

  /**
   * A job for its owner only. A visitor's job is followed by its id alone (a random UUID only its uploader was
   * given); an account's job only with that account's token. Anyone else is told "not found", as for no job at all.
   */
  private async findFor(jobId: string, caller: UserRow | null): Promise<CompressionJobRow> {
    const job = await this.find(jobId);
    if (job.userId !== null && job.userId !== caller?.id) throw new NotFoundError('Compression job not found');
    return job;
  }

  private async find(jobId: string): Promise<CompressionJobRow> {
    const job = isUuid(jobId) ? await this.jobs.findById(jobId) : undefined;
    if (!job) throw new NotFoundError('Compression job not found');
    return job;
  }

  /** Download link while the result may be downloaded; payment link while payment is due. */
  async links(job: CompressionJobRow): Promise<JobLinks> {
    const now = this.clock.now();
    const downloadable = job.status === 'completed' && job.downloadExpiresAt !== null && job.downloadExpiresAt > now;
    const payable = job.status === 'payment_required' && !job.paidAt;
    return {
      downloadUrl: downloadable ? this.tickets.url(job.id, job.downloadExpiresAt as Date) : null,
      paymentUrl: payable ? await this.checkoutOf(job) : null,
    };
  }

  /**
   * The job's checkout, made once and kept on the job: each later look (a visitor's page polls the job) answers the
   * stored URL without asking the provider, which would otherwise create a Stripe Checkout Session per poll. First
   * looks racing in this process share one request, and a look that read the job before the URL was stored reads it
   * again before asking; across processes the conditional store keeps one URL, which both answer (and Stripe's
   * idempotency key gives both the same session). A Stripe session lasts 24 hours from the first look, as long as
   * the job waiting for it at most.
   */
  private checkoutOf(job: CompressionJobRow): Promise<string> {
    if (job.checkoutUrl) return Promise.resolve(job.checkoutUrl);
    let pending = this.checkoutsMaking.get(job.id);
    if (!pending) {
      pending = this.makeCheckout(job).finally(() => this.checkoutsMaking.delete(job.id));
      this.checkoutsMaking.set(job.id, pending);
    }
    return pending;
  }

  private async makeCheckout(job: CompressionJobRow): Promise<string> {
    const stored = (await this.jobs.findById(job.id))?.checkoutUrl;
    if (stored) return stored;
    const url = await this.billing.checkoutUrl({ purchase: { kind: 'compression', id: job.id }, ...paymentTerms(job) });
    return (await this.jobs.swapCheckout(job.id, 'checkoutUrl', null, url)) ?? url;
  }
}
