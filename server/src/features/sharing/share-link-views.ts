import { pages, type SharedFile, type ShareLink, type ShareLinkState, spaceSavedPercent } from '@shrinkly/contract';
import type { FileRow, ShareLinkRow } from '../../db/schema/index.js';

/** Revoked, else expired, else at its download limit, else active. */
export function stateOf(link: ShareLinkRow, now: Date): ShareLinkState {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt <= now) return 'expired';
  if (link.maxDownloads !== null && link.downloads >= link.maxDownloads) return 'exhausted';
  return 'active';
}

/** A link as its owner sees it; its address is the recipient's page. */
export function toShareLink(link: ShareLinkRow, now: Date, appUrl: string): ShareLink {
  return {
    id: link.id,
    url: `${appUrl}${pages.sharedFile(link.token)}`,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    hasPassword: link.passwordHash !== null,
    maxDownloads: link.maxDownloads,
    downloads: link.downloads,
    state: stateOf(link, now),
  };
}

/** What the recipient sees of the file: its name, size and the compression's saving. */
export function toSharedFile(file: FileRow): SharedFile {
  const size = file.storedSize ?? file.originalSize;
  return { name: file.name, size, originalSize: file.originalSize, spaceSaved: spaceSavedPercent(file.originalSize, size) };
}
