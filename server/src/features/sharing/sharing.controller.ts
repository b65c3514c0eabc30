import { Controller, Param, Req, Res } from '@nestjs/common';
import {
  endpoints,
  pages,
  type SharedFileInfo,
  type ShareLink,
  type ShareResponse,
  type UnlockedSharedFile,
} from '@shrinkly/contract';
import type { Request, Response } from 'express';
import { StoragePort } from '../../adapters/storage/storage.port.js';
import type { SignedLink } from '../../common/download-ticket.service.js';
import { BuiltFrom } from '../../common/factory-provider.js';
import type { UserRow } from '../../db/schema/index.js';
import { CurrentUser } from '../../http/auth.guards.js';
import { clientIp } from '../../http/client-ip.js';
import { type BodyOf, Route, ValidBody } from '../../http/contract-route.js';
import { sendBlob } from '../../http/send-blob.js';
import { SignedLinkQuery } from '../../http/signed-link.js';
import { fileBlob } from '../files/file-download.js';
import { SharedFileService } from './shared-file.service.js';
import { SharingService } from './sharing.service.js';

/** Share links: made, listed and revoked by the file's owner; opened by anyone while they last. */
@Controller()
@BuiltFrom(SharingService, SharedFileService, StoragePort)
export class SharingController {
  constructor(
    private readonly sharing: SharingService,
    private readonly shared: SharedFileService,
    private readonly storage: StoragePort,
  ) {}

  @Route(endpoints.shareFile)
  share(@CurrentUser() user: UserRow, @Param('id') id: string): Promise<ShareResponse> {
    return this.sharing.share(user, id);
  }

  @Route(endpoints.createShareLink)
  createLink(
    @CurrentUser() user: UserRow,
    @Param('id') id: string,
    @ValidBody() body: BodyOf<typeof endpoints.createShareLink>,
  ): Promise<ShareLink> {
    return this.sharing.createLink(user, id, body);
  }

  @Route(endpoints.listShareLinks)
  links(@CurrentUser() user: UserRow, @Param('id') id: string): Promise<ShareLink[]> {
    return this.sharing.list(user, id);
  }

  @Route(endpoints.revokeShareLink)
  revoke(@CurrentUser() user: UserRow, @Param('id') id: string): Promise<ShareLink> {
    return this.sharing.revoke(user, id);
  }

  @Route(endpoints.sharedFileInfo)
  info(@Param('token') token: string): Promise<SharedFileInfo> {
    return this.shared.info(token);
  }

  @Route(endpoints.unlockSharedFile)
  unlock(
    @Param('token') token: string,
    @ValidBody() body: BodyOf<typeof endpoints.unlockSharedFile>,
    @Req() req: Request,
  ): Promise<UnlockedSharedFile> {
    return this.shared.unlock(token, body.password, clientIp(req));
  }

  /** A shared file, for anyone with the link, while it lasts; a password link's own page asks for the password first. */
  @Route(endpoints.sharedFile)
  async download(
    @Param('token') token: string,
    @SignedLinkQuery() signed: SignedLink,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const answer = await this.shared.download(token, signed, req.method !== 'HEAD');
    if ('needsPassword' in answer) {
      res.redirect(303, pages.sharedFile(token));
      return;
    }
    await sendBlob(req, res, this.storage, fileBlob(answer.file));
  }
}
