import { Controller, Inject, Param, Req, Res } from '@nestjs/common';
import { endpoints, type ShareResponse } from '@shrinkly/contract';
import type { Request, Response } from 'express';
import { StoragePort } from '../../adapters/storage/storage.port.js';
import type { UserRow } from '../../db/schema/index.js';
import { CurrentUser } from '../../http/auth.guards.js';
import { Route } from '../../http/contract-route.js';
import { sendBlob } from '../../http/send-blob.js';
import { fileBlob } from '../files/file-download.js';
import { SharingService } from './sharing.service.js';

/** Share links: made by the file's owner, opened by anyone while they last. */
@Controller()
export class SharingController {
  constructor(
    @Inject(SharingService) private readonly sharing: SharingService,
    @Inject(StoragePort) private readonly storage: StoragePort,
  ) {}

  @Route(endpoints.shareFile)
  share(@CurrentUser() user: UserRow, @Param('id') id: string): Promise<ShareResponse> {
    return this.sharing.share(user, id);
  }

  /** A shared file, for anyone with the link, while it lasts. */
  @Route(endpoints.sharedFile)
  async shared(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await sendBlob(req, res, this.storage, fileBlob(await this.sharing.shared(token)));
  }
}
