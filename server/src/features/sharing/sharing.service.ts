import { randomBytes } from 'node:crypto';
import { ErrorMessages, SHARE_LINK_TTL_MS, type ShareResponse } from '@shrinkly/contract';
import type { Clock } from '../../common/clock.js';
import { NotFoundError } from '../../common/errors.js';
import type { FileRow, UserRow } from '../../db/schema/index.js';
import type { FileRepository } from '../files/file.repository.js';
import type { FileLibraryService } from '../files/file-library.service.js';

const SHARE_TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** Share links: a file of My Files downloadable by anyone with its link, without an account, for 24 hours. */
export class SharingService {
  constructor(
    private readonly library: FileLibraryService,
    private readonly files: FileRepository,
    private readonly clock: Clock,
    private readonly appUrl: string,
  ) {}

  /** A fresh share link (a new 128-bit token each time, so sharing again revokes the older link), valid 24 hours. */
  async share(user: UserRow, id: string): Promise<ShareResponse> {
    const shareToken = randomBytes(16).toString('base64url');
    const shareExpiresAt = new Date(this.clock.now().getTime() + SHARE_LINK_TTL_MS);
    await this.library.update(user, id, { shareToken, shareExpiresAt });
    return { shareUrl: `${this.appUrl}/api/share/${shareToken}`, shareExpiresAt: shareExpiresAt.toISOString() };
  }

  /** The file behind a share link, while the link lasts. */
  async shared(token: string): Promise<FileRow> {
    const file = SHARE_TOKEN.test(token) ? await this.files.findByShareToken(token) : undefined;
    if (!file?.shareExpiresAt || file.shareExpiresAt <= this.clock.now()) throw new NotFoundError(ErrorMessages.shareLinkInvalid);
    return file;
  }
}
