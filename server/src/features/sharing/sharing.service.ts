import { randomBytes } from 'node:crypto';
import {
  type createShareLinkRequestSchema,
  ErrorMessages,
  SHARE_EXPIRY_HOURS,
  type ShareLink,
  type ShareResponse,
} from '@shrinkly/contract';
import type { z } from 'zod';
import type { Clock } from '../../common/clock.js';
import { ForbiddenError, NotFoundError } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import type { ShareLinkRow, UserRow } from '../../db/schema/index.js';
import { planOf } from '../../read-models/plan-of.js';
import type { PasswordHasher } from '../accounts/password-hasher.js';
import type { FileLibraryService } from '../files/file-library.service.js';
import type { ShareLinkRepository } from './share-link.repository.js';
import { toShareLink } from './share-link-views.js';

const HOUR_MS = 60 * 60 * 1000;

export type ShareChoices = z.output<typeof createShareLinkRequestSchema>;

/**
 * Share links, as the file's owner makes and sees them: several per file, each with its expiry, optional password
 * and download limit, revoked one by one. Choosing the expiry is for premium accounts; the others get 24 hours.
 */
export class SharingService {
  constructor(
    private readonly library: FileLibraryService,
    private readonly links: ShareLinkRepository,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly appUrl: string,
  ) {}

  /** SPEC's share: a new 24-hour link with no password or limit, as an address that downloads the file at once. */
  async share(user: UserRow, id: string): Promise<ShareResponse> {
    const link = await this.create(user, id, { expiresInHours: SHARE_EXPIRY_HOURS.standard });
    return { shareUrl: `${this.appUrl}/api/share/${link.token}`, shareExpiresAt: link.expiresAt.toISOString() };
  }

  /** A new link with the owner's choices; the file's other links go on working. */
  async createLink(user: UserRow, id: string, choices: ShareChoices): Promise<ShareLink> {
    return toShareLink(await this.create(user, id, choices), this.clock.now(), this.appUrl);
  }

  /** The file's links, newest first, live or not. */
  async list(user: UserRow, id: string): Promise<ShareLink[]> {
    const file = await this.library.owned(user, id);
    const now = this.clock.now();
    return (await this.links.listOfFile(file.id)).map((link) => toShareLink(link, now, this.appUrl));
  }

  /** Revokes one link of the caller's files at once; another user's link is "not found". */
  async revoke(user: UserRow, id: string): Promise<ShareLink> {
    const now = this.clock.now();
    const link = isUuid(id) ? await this.links.revokeOwned(id, user.id, now) : undefined;
    if (!link) throw new NotFoundError(ErrorMessages.shareLinkNotFound);
    return toShareLink(link, now, this.appUrl);
  }

  private async create(user: UserRow, id: string, choices: ShareChoices): Promise<ShareLinkRow> {
    const now = this.clock.now();
    if (choices.expiresInHours !== SHARE_EXPIRY_HOURS.standard && planOf(user, now).plan !== 'premium')
      throw new ForbiddenError(ErrorMessages.shareExpiryPremium);
    const file = await this.library.owned(user, id);
    return this.links.create({
      fileId: file.id,
      token: randomBytes(16).toString('base64url'),
      expiresAt: new Date(now.getTime() + choices.expiresInHours * HOUR_MS),
      passwordHash: choices.password === undefined ? null : await this.hasher.hash(choices.password),
      maxDownloads: choices.maxDownloads ?? null,
      createdAt: now,
    });
  }
}
