import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { ShareResponse } from '@shrinkly/contract';
import type { Request, Response } from 'express';
import { StoragePort } from '../../adapters/storage/storage.port.js';
import type { UserRow } from '../../db/schema/index.js';
import { sendBlob } from '../../http/send-blob.js';
import { CurrentUser, UserAuthGuard } from '../accounts/auth.guards.js';
import { fileBlob } from '../files/file-download.js';
import { SharingService } from './sharing.service.js';

/** Share links: made by the file's owner, opened by anyone while they last. */
@Controller('api')
export class SharingController {
  constructor(
    @Inject(SharingService) private readonly sharing: SharingService,
    @Inject(StoragePort) private readonly storage: StoragePort,
  ) {}

  @Post('files/:id/share')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  share(@CurrentUser() user: UserRow, @Param('id') id: string): Promise<ShareResponse> {
    return this.sharing.share(user, id);
  }

  /** A shared file, for anyone with the link, while it lasts. */
  @Get('share/:token')
  async shared(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await sendBlob(req, res, this.storage, fileBlob(await this.sharing.shared(token)));
  }
}
