import { Controller, Req, Res } from '@nestjs/common';
import {
  CHUNK_SIZE_BYTES,
  type CompressionResponse,
  ErrorMessages,
  endpoints,
  uploadChunkFieldsSchema,
} from '@shrinkly/contract';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { APP_CONFIG } from '../../app.tokens.js';
import { BuiltFrom } from '../../common/factory-provider.js';
import type { AppConfig } from '../../config/app.config.js';
import { clientIp } from '../../http/client-ip.js';
import { type BodyOf, Route, ValidBody } from '../../http/contract-route.js';
import { OptionalUser } from '../accounts/optional-user.js';
import { ChunkUploadService } from '../uploads/chunk-upload.service.js';
import { receiveBuffer } from '../uploads/multipart.js';
import { CompressionService } from './compression.service.js';

/**
 * The landing page's large files: their chunks (staged by the uploads feature, refused at the first chunk when the
 * address's unpaid uploads are at their cap) and their assembly into a compression.
 */
@Controller()
@BuiltFrom(CompressionService, ChunkUploadService, OptionalUser, APP_CONFIG)
export class ChunkUploadController {
  constructor(
    private readonly compression: CompressionService,
    private readonly chunks: ChunkUploadService,
    private readonly optionalUser: OptionalUser,
    private readonly config: AppConfig,
  ) {}

  @Route(endpoints.uploadChunk)
  async uploadChunk(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<z.infer<typeof endpoints.uploadChunk.response>> {
    // A chunk is at most 1 MB: held in memory and written straight into its place in the upload.
    const { buffer, fields } = await receiveBuffer(req, res, {
      field: 'chunk',
      maxBytes: CHUNK_SIZE_BYTES,
      tooLargeMessage: ErrorMessages.chunkTooLarge,
      fields: uploadChunkFieldsSchema,
    });
    // A file that will wait for payment is refused at its first chunk, not after gigabytes, when the unpaid
    // uploads from this address are already at their cap.
    const user = await this.optionalUser.of(req);
    await this.compression.assertUnpaidRoom(clientIp(req), fields.fileSize, user);
    const received = await this.chunks.storeChunk(fields, buffer, { userId: user?.id ?? null, address: clientIp(req) });
    return { uploadId: fields.uploadId, chunkIndex: fields.chunkIndex, received, totalChunks: fields.totalChunks };
  }

  @Route(endpoints.assembleChunks)
  async assemble(@ValidBody() body: BodyOf<typeof endpoints.assembleChunks>, @Req() req: Request): Promise<CompressionResponse> {
    const user = await this.optionalUser.of(req);
    const file = await this.chunks.assemble(body, `${this.config.tmpDir}/uploads`, {
      userId: user?.id ?? null,
      address: clientIp(req),
    });
    const { targetBytes, belowFloor, maxDimension, maxImagePpi, metadata, callbackUrl } = body;
    const request = { level: body.compressionLevel, targetBytes, belowFloor, maxDimension, maxImagePpi, metadata, callbackUrl };
    return this.compression.accept(file, request, user, clientIp(req));
  }
}
