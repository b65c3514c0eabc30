import { and, desc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { insertOne } from '../../db/insert-one.js';
import { type FileRow, files, type ShareLinkRow, shareLinks } from '../../db/schema/index.js';

export type NewShareLink = typeof shareLinks.$inferInsert;

/** A link with the ready file it opens. */
export interface LinkWithFile {
  link: ShareLinkRow;
  file: FileRow;
}

/** Named queries on share links; a link is reached by its owner through its file's owner, or by its token. */
export class ShareLinkRepository {
  constructor(private readonly db: Database) {}

  create(values: NewShareLink): Promise<ShareLinkRow> {
    return insertOne(this.db, shareLinks, values);
  }

  /** The file's links, newest first. */
  async listOfFile(fileId: string): Promise<ShareLinkRow[]> {
    return this.db
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.fileId, fileId))
      .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  }

  /** Revokes a link of one of the owner's files (a revoked one keeps its first revocation time). */
  async revokeOwned(id: string, userId: string, now: Date): Promise<ShareLinkRow | undefined> {
    const owned = sql`${shareLinks.fileId} in (select ${files.id} from ${files} where ${files.userId} = ${userId})`;
    const [row] = await this.db
      .update(shareLinks)
      .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(shareLinks.id, id), owned))
      .returning();
    return row;
  }

  async findByToken(token: string): Promise<LinkWithFile | undefined> {
    const [row] = await this.db
      .select({ link: shareLinks, file: files })
      .from(shareLinks)
      .innerJoin(files, eq(files.id, shareLinks.fileId))
      .where(and(eq(shareLinks.token, token), eq(files.status, 'ready')))
      .limit(1);
    return row;
  }

  /**
   * Counts one download if the link is live at `now` and under its limit, in one conditional update: two requests
   * for a link's last download cannot both pass. Returns the link as counted, or undefined when it was not.
   */
  takeDownload(id: string, now: Date): Promise<ShareLinkRow | undefined> {
    return this.countOne(
      id,
      'downloads',
      and(
        isNull(shareLinks.revokedAt),
        gt(shareLinks.expiresAt, now),
        or(isNull(shareLinks.maxDownloads), lt(shareLinks.downloads, shareLinks.maxDownloads)),
      ),
    );
  }

  /**
   * Takes one of the link's password tries before the password is checked, so concurrent guesses cannot together
   * pass `maxTries`; none while the link is locked or its tries are all taken. Returns the tries taken so far.
   */
  async takeAttempt(id: string, maxTries: number, now: Date): Promise<number | undefined> {
    const row = await this.countOne(
      id,
      'failedAttempts',
      and(lt(shareLinks.failedAttempts, maxTries), or(isNull(shareLinks.lockedUntil), lt(shareLinks.lockedUntil, now))),
    );
    return row?.failedAttempts;
  }

  /** Adds one to a counter of the link while `condition` holds, in one statement; the link as counted, or undefined. */
  private async countOne(
    id: string,
    counter: 'downloads' | 'failedAttempts',
    condition: SQL | undefined,
  ): Promise<ShareLinkRow | undefined> {
    const [row] = await this.db
      .update(shareLinks)
      .set({ [counter]: sql`${shareLinks[counter]} + 1` })
      .where(and(eq(shareLinks.id, id), condition))
      .returning();
    return row;
  }

  /** The right password: the tries start again. */
  async clearAttempts(id: string): Promise<void> {
    await this.db.update(shareLinks).set({ failedAttempts: 0 }).where(eq(shareLinks.id, id));
  }

  /** The last allowed wrong password: the link locks until `until`, after which the tries start again. */
  async lock(id: string, until: Date): Promise<void> {
    await this.db.update(shareLinks).set({ failedAttempts: 0, lockedUntil: until }).where(eq(shareLinks.id, id));
  }
}
