import { Controller, Param, Req, Res } from '@nestjs/common';
import {
  CONVERTER_LIMIT_BYTES,
  type Conversion,
  type ConverterFormats,
  convertFieldsSchema,
  ErrorMessages,
  endpoints,
} from '@shrinkly/contract';
import type { Request, Response } from 'express';
import { StoragePort } from '../../adapters/storage/storage.port.js';
import { APP_CONFIG } from '../../app.tokens.js';
import type { SignedLink } from '../../common/download-ticket.service.js';
import { BuiltFrom } from '../../common/factory-provider.js';
import type { AppConfig } from '../../config/app.config.js';
import { Route } from '../../http/contract-route.js';
import { sendBlob } from '../../http/send-blob.js';
import { SignedLinkQuery } from '../../http/signed-link.js';
import { OptionalUser } from '../accounts/optional-user.js';
import { receiveFile } from '../uploads/multipart.js';
import { ConverterService } from './converter.service.js';

/** The free converter: no account, files up to 100MB, results kept 24 hours behind signed links. */
@Controller()
@BuiltFrom(ConverterService, StoragePort, OptionalUser, APP_CONFIG)
export class ConverterController {
  constructor(
    private readonly converter: ConverterService,
    private readonly storage: StoragePort,
    private readonly optionalUser: OptionalUser,
    private readonly config: AppConfig,
  ) {}

  /** `image/png` arrives as two path segments, `image%2Fpng` as one: both name the same type. */
  @Route(endpoints.converterFormats, { catchAll: 'mimeType' })
  formats(@Param('mimeType') mimeType: string | string[]): ConverterFormats {
    return this.converter.formats(Array.isArray(mimeType) ? mimeType.join('/') : mimeType);
  }

  @Route(endpoints.convert)
  async convert(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Conversion> {
    const user = await this.optionalUser.of(req);
    const file = await receiveFile(req, res, {
      field: 'file',
      dir: `${this.config.tmpDir}/uploads`,
      maxBytes: CONVERTER_LIMIT_BYTES,
      tooLargeMessage: ErrorMessages.converterTooLarge,
      fields: convertFieldsSchema,
    });
    const outcome = await this.converter.accept(file, file.fields.targetFormat, user, file.fields.callbackUrl);
    // A conversion still running is followed at its job: 202.
    res.status(outcome.status === 'completed' ? 200 : 202);
    return outcome;
  }

  @Route(endpoints.conversionJob)
  job(@Param('jobId') jobId: string): Promise<Conversion> {
    return this.converter.getJob(jobId);
  }

  @Route(endpoints.conversionDownload)
  async download(
    @Param('jobId') jobId: string,
    @SignedLinkQuery() link: SignedLink,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const job = await this.converter.download(jobId, link);
    const format = job.outputFormat ?? job.targetFormat;
    await sendBlob(req, res, this.storage, { key: job.outputBlob as string, format, downloadAs: this.converter.outputName(job) });
  }
}
