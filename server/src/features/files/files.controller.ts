import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { type Batch, type CompressionJob, type DownloadLink, endpoints, type FileRecord, type FileUploadResponse, fileListQuerySchema, fileUploadFieldsSchema, type MessageResponse, type Stats } from '@shrinkly/contract';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { StoragePort } from '../../adapters/storage/storage.port.js';
import { APP_CONFIG } from '../../app.tokens.js';
import { UnauthorizedError } from '../../common/errors.js';
import { ZodBodyPipe } from '../../http/zod-body.pipe.js';
import type { AppConfig } from '../../config/app.config.js';
import type { FileRow, UserRow } from '../../db/schema/index.js';
import { CurrentUser, UserAuthGuard } from '../accounts/auth.guards.js';
import { receiveFile } from '../uploads/multipart.js';
import { OptionalUser } from '../accounts/optional-user.js';
import { sendBlob } from '../../http/send-blob.js';
import { fileBlob } from './file-download.js';
import { FileLibraryService } from './file-library.service.js';
import { FileUploadService } from './file-upload.service.js';
import { CompressionService } from '../compression/compression.service.js';

type Input<E extends { request: z.ZodType }> = z.output<E['request']>;

/** My Files: upload, list, rename, move, delete and download; and the storage statistics. */
@Controller('api')
export class FilesController {
  constructor(
    @Inject(FileLibraryService) private readonly library: FileLibraryService,
    @Inject(FileUploadService) private readonly uploads: FileUploadService,
    @Inject(CompressionService) private readonly compression: CompressionService,
    @Inject(StoragePort) private readonly storage: StoragePort,
    @Inject(OptionalUser) private readonly optionalUser: OptionalUser,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('files')
  @UseGuards(UserAuthGuard)
  list(@CurrentUser() user: UserRow, @Query(new ZodBodyPipe(fileListQuerySchema)) query: z.output<typeof fileListQuerySchema>): Promise<FileRecord[]> {
    return this.library.list(user, query.folderId);
  }

  @Post('files/upload')
  @UseGuards(UserAuthGuard)
  async upload(@CurrentUser() user: UserRow, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<FileUploadResponse> {
    // Free accounts stop receiving at the free limit (402) instead of taking gigabytes they cannot keep.
    const limit = this.uploads.uploadLimit(user);
    const file = await receiveFile(req, res, {
      field: 'file', dir: `${this.config.tmpDir}/uploads`, maxBytes: limit.maxBytes, tooLargeMessage: '', tooLargeError: limit.error,
      fields: fileUploadFieldsSchema,
    });
    const outcome = await this.uploads.accept(user, file, file.fields);
    // Stored in time: 200 with the file; else 202 and the job to follow.
    res.status(outcome.file ? 200 : 202);
    return outcome;
  }

  @Get('files/jobs/:jobId')
  @UseGuards(UserAuthGuard)
  job(@CurrentUser() user: UserRow, @Param('jobId') jobId: string): Promise<CompressionJob> {
    return this.compression.libraryJob(jobId, user);
  }

  @Post('files/batches')
  @HttpCode(201)
  @UseGuards(UserAuthGuard)
  createBatch(@CurrentUser() user: UserRow, @Body(new ZodBodyPipe(endpoints.createBatch.request)) body: Input<typeof endpoints.createBatch>): Promise<Batch> {
    return this.uploads.createBatch(user, body.fileCount);
  }

  @Patch('files/:id/rename')
  @UseGuards(UserAuthGuard)
  rename(@CurrentUser() user: UserRow, @Param('id') id: string, @Body(new ZodBodyPipe(endpoints.renameFile.request)) body: Input<typeof endpoints.renameFile>): Promise<FileRecord> {
    return this.library.rename(user, id, body.name);
  }

  @Patch('files/:id/move')
  @UseGuards(UserAuthGuard)
  move(@CurrentUser() user: UserRow, @Param('id') id: string, @Body(new ZodBodyPipe(endpoints.moveFile.request)) body: Input<typeof endpoints.moveFile>): Promise<FileRecord> {
    return this.library.move(user, id, body.folderId);
  }

  @Delete('files/:id')
  @UseGuards(UserAuthGuard)
  async delete(@CurrentUser() user: UserRow, @Param('id') id: string): Promise<MessageResponse> {
    await this.library.delete(user, id);
    return { message: 'File deleted' };
  }

  @Post('files/:id/download-link')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  downloadLink(
    @CurrentUser() user: UserRow,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(endpoints.fileDownloadLink.request)) body: Input<typeof endpoints.fileDownloadLink>,
  ): Promise<DownloadLink> {
    return this.library.downloadLink(user, id, body.disposition);
  }

  /** With the bearer token, or as a signed link (`expires`, `sig`, optional `disposition=inline`) without one. */
  @Get('files/:id/download')
  async download(
    @Param('id') id: string,
    @Query('expires') expires: string | undefined,
    @Query('sig') sig: string | undefined,
    @Query('disposition') disposition: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    let file: FileRow;
    if (sig !== undefined) {
      file = await this.library.signed(id, expires, sig, disposition);
    } else {
      const user = await this.optionalUser.of(req);
      if (!user) throw new UnauthorizedError('Sign in, or use a download link, to download this file');
      file = await this.library.owned(user, id);
    }
    await sendBlob(req, res, this.storage, fileBlob(file, disposition === 'inline'));
  }

  @Get('stats')
  @UseGuards(UserAuthGuard)
  stats(@CurrentUser() user: UserRow): Promise<Stats> {
    return this.library.stats(user);
  }
}
