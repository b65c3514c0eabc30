import { Controller, Param, Req, Res } from '@nestjs/common';
import {
  type Comparison,
  type CompressionJob,
  type CompressionPreview,
  type CompressionResponse,
  compressFieldsSchema,
  ErrorMessages,
  endpoints,
  FREE_COMPRESSION_LIMIT_BYTES,
  MAX_FILE_SIZE_BYTES,
} from '@shrinkly/contract';
import type { Request, Response } from 'express';
import { StoragePort } from '../../adapters/storage/storage.port.js';
import { APP_CONFIG } from '../../app.tokens.js';
import type { SignedLink } from '../../common/download-ticket.service.js';
import { BuiltFrom } from '../../common/factory-provider.js';
import { downloadName } from '../../common/file-naming.js';
import type { AppConfig } from '../../config/app.config.js';
import type { CompressionJobRow, UserRow } from '../../db/schema/index.js';
import { CurrentUser } from '../../http/auth.guards.js';
import { clientIp } from '../../http/client-ip.js';
import { Route } from '../../http/contract-route.js';
import { type BlobToSend, sendBlob } from '../../http/send-blob.js';
import { SignedLinkQuery } from '../../http/signed-link.js';
import { OptionalUser } from '../accounts/optional-user.js';
import { beforeBody, declaredFileBytes, receiveFile } from '../uploads/multipart.js';
import { CompressionService } from './compression.service.js';
import { PreviewService } from './preview.service.js';

const TOO_LARGE = ErrorMessages.fileTooLarge;

function jobBlob(job: CompressionJobRow): BlobToSend {
  const format = job.outputFormat ?? job.inputFormat;
  return { key: job.outputBlob as string, format, downloadAs: downloadName(job.fileName, format) };
}

@Controller()
@BuiltFrom(CompressionService, PreviewService, StoragePort, OptionalUser, APP_CONFIG)
export class CompressionController {
  constructor(
    private readonly compression: CompressionService,
    private readonly previews: PreviewService,
    private readonly storage: StoragePort,
    private readonly optionalUser: OptionalUser,
    private readonly config: AppConfig,
  ) {}

  private get uploadDir(): string {
    return `${this.config.tmpDir}/uploads`;
  }

  @Route(endpoints.compressionPreview)
  async preview(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<CompressionPreview> {
    const file = await receiveFile(req, res, {
      field: 'file',
      dir: this.uploadDir,
      maxBytes: FREE_COMPRESSION_LIMIT_BYTES,
      tooLargeMessage: ErrorMessages.previewTooLarge,
    });
    return this.previews.preview(file);
  }

  @Route(endpoints.compress)
  async compress(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<CompressionResponse> {
    const user = await this.optionalUser.of(req);
    const address = clientIp(req);
    await beforeBody(res, () => this.compression.assertUnpaidRoom(address, declaredFileBytes(req), user));
    const file = await receiveFile(req, res, {
      field: 'file',
      dir: this.uploadDir,
      maxBytes: MAX_FILE_SIZE_BYTES,
      tooLargeMessage: TOO_LARGE,
      fields: compressFieldsSchema,
    });
    const { compressionLevel: level, targetBytes, belowFloor, maxDimension, maxImagePpi, metadata, callbackUrl } = file.fields;
    const request = { level, targetBytes, belowFloor, maxDimension, maxImagePpi, metadata, callbackUrl };
    return this.compression.accept(file, request, user, address);
  }

  /** A visitor's job by its id; a signed-in user's job only with its owner's token. */
  @Route(endpoints.compressionJob)
  async job(@Param('jobId') jobId: string, @Req() req: Request): Promise<CompressionJob> {
    return this.compression.getJob(jobId, await this.optionalUser.of(req));
  }

  /** Before and after, for whoever may follow the job (as GET compression-job). */
  @Route(endpoints.compressionComparison)
  async comparison(@Param('jobId') jobId: string, @Req() req: Request): Promise<Comparison> {
    return this.compression.comparison(jobId, await this.optionalUser.of(req));
  }

  @Route(endpoints.processPaidCompression)
  async processPaid(@Param('jobId') jobId: string, @Req() req: Request): Promise<CompressionJob> {
    return this.compression.processPaid(jobId, await this.optionalUser.of(req));
  }

  /** Sandbox provider only, and only for the job's owner (as GET compression-job). */
  @Route(endpoints.simulatePaymentSuccess)
  async simulatePayment(@Param('jobId') jobId: string, @Req() req: Request): Promise<CompressionJob> {
    return this.compression.simulatePayment(jobId, await this.optionalUser.of(req));
  }

  /** The owner's result, with the bearer token. */
  @Route(endpoints.compressionJobDownload)
  async ownerDownload(
    @Param('id') id: string,
    @CurrentUser() user: UserRow,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const job = await this.compression.ownedResult(id, user);
    await sendBlob(req, res, this.storage, jobBlob(job));
  }

  /** The signed link: works without a token until it expires. */
  @Route(endpoints.compressionDownload)
  async ticketDownload(
    @Param('jobId') jobId: string,
    @SignedLinkQuery() link: SignedLink,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const job = await this.compression.ticketResult(jobId, link);
    await sendBlob(req, res, this.storage, jobBlob(job));
  }
}
