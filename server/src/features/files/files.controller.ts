import { Controller, Param, Req, Res } from '@nestjs/common';
import {
  type Batch,
  type Comparison,
  type CompressionJob,
  type DownloadLink,
  endpoints,
  type FileRecord,
  type FileUploadResponse,
  fileUploadFieldsSchema,
  type MessageResponse,
  type Stats,
} from '@shrinkly/contract';
import type { Request, Response } from 'express';
import { StoragePort } from '../../adapters/storage/storage.port.js';
import { APP_CONFIG } from '../../app.tokens.js';
import type { SignedLink } from '../../common/download-ticket.service.js';
import { UnauthorizedError } from '../../common/errors.js';
import { BuiltFrom } from '../../common/factory-provider.js';
import type { AppConfig } from '../../config/app.config.js';
import type { FileRow, UserRow } from '../../db/schema/index.js';
import { CurrentUser } from '../../http/auth.guards.js';
import { clientIp } from '../../http/client-ip.js';
import { type BodyOf, type QueryOf, Route, ValidBody, ValidQuery } from '../../http/contract-route.js';
import { sendBlob } from '../../http/send-blob.js';
import { SignedLinkQuery } from '../../http/signed-link.js';
import { OptionalUser } from '../accounts/optional-user.js';
import { CompressionService } from '../compression/compression.service.js';
import { ChunkUploadService } from '../uploads/chunk-upload.service.js';
import { receiveFile } from '../uploads/multipart.js';
import { fileBlob } from './file-download.js';
import { FileLibraryService } from './file-library.service.js';
import { FileUploadService } from './file-upload.service.js';

/** My Files: upload, list, rename, move, delete and download; and the storage statistics. */
@Controller()
@BuiltFrom(FileLibraryService, FileUploadService, ChunkUploadService, CompressionService, StoragePort, OptionalUser, APP_CONFIG)
export class FilesController {
  constructor(
    private readonly library: FileLibraryService,
    private readonly uploads: FileUploadService,
    private readonly chunks: ChunkUploadService,
    private readonly compression: CompressionService,
    private readonly storage: StoragePort,
    private readonly optionalUser: OptionalUser,
    private readonly config: AppConfig,
  ) {}

  @Route(endpoints.listFiles)
  list(@CurrentUser() user: UserRow, @ValidQuery() query: QueryOf<typeof endpoints.listFiles>): Promise<FileRecord[]> {
    return this.library.list(user, query.folderId);
  }

  @Route(endpoints.uploadFile)
  async upload(
    @CurrentUser() user: UserRow,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FileUploadResponse> {
    // Free accounts stop receiving at the free limit (402) instead of taking gigabytes they cannot keep.
    const limit = this.uploads.uploadLimit(user);
    const file = await receiveFile(req, res, {
      field: 'file',
      dir: `${this.config.tmpDir}/uploads`,
      maxBytes: limit.maxBytes,
      tooLargeMessage: '',
      tooLargeError: limit.error,
      fields: fileUploadFieldsSchema,
    });
    return answered(res, await this.uploads.accept(user, file, file.fields));
  }

  /** A large file sent in chunks to POST /api/upload-chunk, under the same rules as a direct upload. */
  @Route(endpoints.assembleFileChunks)
  async assembleChunks(
    @CurrentUser() user: UserRow,
    @ValidBody() body: BodyOf<typeof endpoints.assembleFileChunks>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FileUploadResponse> {
    const file = await this.chunks.assemble(body, `${this.config.tmpDir}/uploads`, { userId: user.id, address: clientIp(req) });
    return answered(
      res,
      await this.uploads.accept(user, file, {
        compressionLevel: body.compressionLevel,
        targetBytes: body.targetBytes,
        maxDimension: body.maxDimension,
        maxImagePpi: body.maxImagePpi,
        belowFloor: body.belowFloor,
        metadata: body.metadata,
        folderId: body.folderId,
        callbackUrl: body.callbackUrl,
      }),
    );
  }

  @Route(endpoints.fileJob)
  job(@CurrentUser() user: UserRow, @Param('jobId') jobId: string): Promise<CompressionJob> {
    return this.compression.libraryJob(jobId, user);
  }

  @Route(endpoints.createBatch)
  createBatch(@CurrentUser() user: UserRow, @ValidBody() body: BodyOf<typeof endpoints.createBatch>): Promise<Batch> {
    return this.uploads.createBatch(user, body.fileCount);
  }

  @Route(endpoints.renameFile)
  rename(
    @CurrentUser() user: UserRow,
    @Param('id') id: string,
    @ValidBody() body: BodyOf<typeof endpoints.renameFile>,
  ): Promise<FileRecord> {
    return this.library.rename(user, id, body.name);
  }

  @Route(endpoints.moveFile)
  move(
    @CurrentUser() user: UserRow,
    @Param('id') id: string,
    @ValidBody() body: BodyOf<typeof endpoints.moveFile>,
  ): Promise<FileRecord> {
    return this.library.move(user, id, body.folderId);
  }

  @Route(endpoints.deleteFile)
  async delete(@CurrentUser() user: UserRow, @Param('id') id: string): Promise<MessageResponse> {
    await this.library.delete(user, id);
    return { message: 'File deleted' };
  }

  @Route(endpoints.fileDownloadLink)
  downloadLink(
    @CurrentUser() user: UserRow,
    @Param('id') id: string,
    @ValidBody() body: BodyOf<typeof endpoints.fileDownloadLink>,
  ): Promise<DownloadLink> {
    return this.library.downloadLink(user, id, body.disposition);
  }

  /** With the bearer token, or as a signed link (`expires`, `sig`, optional `disposition=inline`) without one. */
  @Route(endpoints.downloadFile, { signedLink: true })
  async download(
    @Param('id') id: string,
    @SignedLinkQuery() link: SignedLink,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    let file: FileRow;
    if (link.sig !== undefined) {
      file = await this.library.signed(id, link);
    } else {
      const user = await this.optionalUser.of(req);
      if (!user) throw new UnauthorizedError('Sign in, or use a download link, to download this file');
      file = await this.library.owned(user, id);
    }
    await sendBlob(req, res, this.storage, fileBlob(file, link.disposition === 'inline'));
  }

  @Route(endpoints.fileComparison)
  comparison(@CurrentUser() user: UserRow, @Param('id') id: string): Promise<Comparison> {
    return this.library.comparison(user, id);
  }

  @Route(endpoints.stats)
  stats(@CurrentUser() user: UserRow): Promise<Stats> {
    return this.library.stats(user);
  }
}

/** Stored in time: 200 with the file; else 202 and the job to follow. */
function answered(res: Response, outcome: FileUploadResponse): FileUploadResponse {
  res.status(outcome.file ? 200 : 202);
  return outcome;
}
