import {
  ErrorMessages,
  SHARE_LOCK_MS,
  SHARE_PASSWORD_ATTEMPTS,
  SHARE_UNLOCKED_TTL_MS,
  SHARE_UNLOCKS_PER_ADDRESS,
  type SharedFileInfo,
  type ShareLinkState,
  type UnlockedSharedFile,
} from '@shrinkly/contract';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { consumeOrRefuse } from '../../adapters/rate-counters/consume-or-refuse.js';
import type { RateCounters } from '../../adapters/rate-counters/rate-counters.port.js';
import type { Clock } from '../../common/clock.js';
import type { DownloadTicketService, SignedLink } from '../../common/download-ticket.service.js';
import { ForbiddenError, GoneError, NotFoundError, RateLimitedError } from '../../common/errors.js';
import type { FileRow } from '../../db/schema/index.js';
import type { PasswordHasher } from '../accounts/password-hasher.js';
import type { LinkWithFile, ShareLinkRepository } from './share-link.repository.js';
import { stateOf, toSharedFile } from './share-link-views.js';

const SHARE_TOKEN = /^[A-Za-z0-9_-]{22}$/;

const GONE: Record<Exclude<ShareLinkState, 'active'>, string> = {
  expired: ErrorMessages.shareLinkExpired,
  revoked: ErrorMessages.shareLinkRevoked,
  exhausted: ErrorMessages.shareLinkExhausted,
};

/** A download through a link: the file, or the page that asks for the link's password first. */
export type SharedDownload = { file: FileRow } | { needsPassword: true };

/**
 * Share links as their recipient uses them, without an account. An unknown token is 404; a link that expired, was
 * revoked or reached its download limit is 410 with a message saying which. A password link opens only after its
 * password, given to `unlock`, which allows SHARE_PASSWORD_ATTEMPTS wrong tries and then locks the link for
 * SHARE_LOCK_MS; one address tries at most SHARE_UNLOCKS_PER_ADDRESS passwords, on any links.
 */
export class SharedFileService {
  private readonly unlockRate: RateLimiterAbstract;

  constructor(
    private readonly links: ShareLinkRepository,
    private readonly hasher: PasswordHasher,
    private readonly tickets: DownloadTicketService,
    private readonly clock: Clock,
    counters: RateCounters,
  ) {
    this.unlockRate = counters.counter({
      keyPrefix: 'share-unlock',
      points: SHARE_UNLOCKS_PER_ADDRESS.attempts,
      duration: SHARE_UNLOCKS_PER_ADDRESS.windowMs / 1000,
    });
  }

  async info(token: string): Promise<SharedFileInfo> {
    const { link, file } = await this.live(token);
    const needsPassword = link.passwordHash !== null;
    return { needsPassword, expiresAt: link.expiresAt.toISOString(), file: needsPassword ? null : toSharedFile(file) };
  }

  /** The right password answers with an address that downloads the file for a few minutes, so it never goes in a URL. */
  async unlock(token: string, password: string, address: string): Promise<UnlockedSharedFile> {
    const { link, file } = await this.live(token);
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + SHARE_UNLOCKED_TTL_MS);
    const unlocked = {
      file: toSharedFile(file),
      downloadUrl: this.tickets.shareUrl(token, expiresAt),
      expiresAt: expiresAt.toISOString(),
    };
    if (link.passwordHash === null) return unlocked;
    await this.countTry(address);
    const tries = await this.links.takeAttempt(link.id, SHARE_PASSWORD_ATTEMPTS, now);
    if (tries === undefined) throw this.locked(link.lockedUntil ?? new Date(now.getTime() + SHARE_LOCK_MS));
    if (await this.hasher.verify(link.passwordHash, password)) {
      await this.links.clearAttempts(link.id);
      return unlocked;
    }
    if (tries < SHARE_PASSWORD_ATTEMPTS) throw new ForbiddenError(ErrorMessages.sharePasswordWrong);
    const until = new Date(now.getTime() + SHARE_LOCK_MS);
    await this.links.lock(link.id, until);
    throw this.locked(until);
  }

  /**
   * Counts the download and gives its file. Every request that sends the bytes counts, a Range request resuming a
   * download too: the limit is the owner's promise, and a resume cannot be told from another download without state
   * the link lacks. A HEAD request (`count: false`) sends none and is not counted.
   */
  async download(token: string, signed: SignedLink, count = true): Promise<SharedDownload> {
    const { link, file } = await this.live(token);
    if (link.passwordHash !== null && !this.tickets.verifyShare(token, signed)) return { needsPassword: true };
    if (!count) return { file };
    const counted = await this.links.takeDownload(link.id, this.clock.now());
    if (!counted) {
      // Another request took the last download, or the link ended, since it was read: read it again to say which.
      await this.live(token);
      throw new GoneError(GONE.exhausted);
    }
    return { file };
  }

  /** The link and its ready file while the link is active; 404 or 410 otherwise. */
  private async live(token: string): Promise<LinkWithFile> {
    const found = SHARE_TOKEN.test(token) ? await this.links.findByToken(token) : undefined;
    if (!found) throw new NotFoundError(ErrorMessages.shareLinkInvalid);
    const state = stateOf(found.link, this.clock.now());
    if (state !== 'active') throw new GoneError(GONE[state]);
    return found;
  }

  private async countTry(address: string): Promise<void> {
    await consumeOrRefuse(this.unlockRate, address, ErrorMessages.rateLimited);
  }

  private locked(until: Date): RateLimitedError {
    const seconds = Math.max(1, Math.ceil((until.getTime() - this.clock.now().getTime()) / 1000));
    return new RateLimitedError(ErrorMessages.sharePasswordLocked, seconds);
  }
}
