import { and, count, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { findOne } from '../../db/find-one.js';
import { batches, compressionJobs, type FileRow, files, folders, shareLinks, users } from '../../db/schema/index.js';

export type NewFile = typeof files.$inferInsert;
/** What My Files shows of a file's share links: the newest active one, how many are active, downloads through all. */
export interface FileShares {
  shareToken: string | null;
  shareExpiresAt: Date | null;
  shareLinks: number;
  shareDownloads: number;
}
export type FileWithFolder = FileRow & { folderName: string | null } & FileShares;
/** A listed file with, while it is processing, its compression job and that job's progress. */
export type ListedFile = FileWithFolder & { jobId: string | null; progress: number | null };
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The ready result a processing file becomes. */
export interface ReadyValues {
  blobKey: string;
  storedSize: number;
  isCompressed: boolean;
  qualityScore: number | null;
  /** The before/after renditions' blob, which the file owns from then on. */
  compareBlob: string | null;
  format: string;
  name: string;
}

export interface FileTotals {
  totalFiles: number;
  compressedFiles: number;
  storedBytes: number;
  originalBytes: number;
}

/**
 * Named queries on stored files, each scoped to its owner. Whatever changes the ready files of a user also
 * recomputes `users.storage_used` in the same transaction, so the figure is always the sum of the files.
 */
export class FileRepository {
  constructor(private readonly db: Database) {}

  private withFolder(now: Date) {
    return this.db
      .select({ file: files, folderName: folders.name, ...shareColumns(now) })
      .from(files)
      .leftJoin(folders, eq(folders.id, files.folderId));
  }

  /**
   * Files of the owner in every state, newest first: all of them, or one folder's. A processing file comes with
   * its compression job (one per upload; a restart runs the same job again), so a client can follow it.
   */
  async listOwned(userId: string, now: Date, folderId?: string): Promise<ListedFile[]> {
    const rows = await this.db
      .select({
        file: files,
        folderName: folders.name,
        jobId: compressionJobs.id,
        progress: compressionJobs.progress,
        ...shareColumns(now),
      })
      .from(files)
      .leftJoin(folders, eq(folders.id, files.folderId))
      .leftJoin(compressionJobs, and(eq(compressionJobs.fileId, files.id), eq(files.status, 'processing')))
      .where(and(eq(files.userId, userId), folderId === undefined ? undefined : eq(files.folderId, folderId)))
      .orderBy(desc(files.createdAt), desc(files.id));
    return rows.map(({ file, ...rest }) => ({ ...file, ...rest }));
  }

  /** `now` tells which share links are still active. */
  async findReadyOwned(id: string, userId: string, now: Date): Promise<FileWithFolder | undefined> {
    const [row] = await this.withFolder(now)
      .where(and(eq(files.id, id), eq(files.userId, userId), eq(files.status, 'ready')))
      .limit(1);
    if (!row) return undefined;
    const { file, ...rest } = row;
    return { ...file, ...rest };
  }

  /** Whether the owner has this file still processing (to answer "not yet" rather than "not found"). */
  async isProcessingOwned(id: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.id, id), eq(files.userId, userId), eq(files.status, 'processing')))
      .limit(1);
    return row !== undefined;
  }

  async findById(id: string): Promise<FileRow | undefined> {
    return findOne(this.db, files, eq(files.id, id));
  }

  /**
   * Inserts a processing file. In a batch, the batch row is locked while its files are counted, so two racing
   * uploads cannot both take its last place; returns undefined when the batch is full.
   */
  async createProcessing(values: NewFile, batch?: { id: string; maxFiles: number }): Promise<FileRow | undefined> {
    return this.db.transaction(async (tx) => {
      if (batch) {
        await tx.select({ id: batches.id }).from(batches).where(eq(batches.id, batch.id)).for('update');
        const [taken] = await tx.select({ n: count() }).from(files).where(eq(files.batchId, batch.id));
        if ((taken?.n ?? 0) >= batch.maxFiles) return undefined;
      }
      const [row] = await tx
        .insert(files)
        .values({ ...values, batchId: batch?.id ?? null })
        .returning();
      return row;
    });
  }

  /**
   * Turns a processing file into a ready one if its size fits under `limitBytes` with the owner's other files.
   * The owner's row is locked meanwhile, so concurrent completions cannot together pass the limit.
   */
  async readyIfFits(
    id: string,
    userId: string,
    values: ReadyValues,
    limitBytes: number,
  ): Promise<'ready' | 'over-quota' | 'gone'> {
    return this.db.transaction(async (tx) => {
      const [owner] = await tx.select({ used: users.storageUsed }).from(users).where(eq(users.id, userId)).for('update');
      if (!owner) return 'gone';
      if (owner.used + values.storedSize > limitBytes) return 'over-quota';
      const updated = await tx
        .update(files)
        .set({ ...values, status: 'ready' })
        .where(and(eq(files.id, id), eq(files.status, 'processing')))
        .returning({ id: files.id });
      if (updated.length === 0) return 'gone';
      await this.recomputeUsage(tx, userId);
      return 'ready';
    });
  }

  /** Changes a ready file's name or folder. */
  async updateReady(
    id: string,
    userId: string,
    values: Partial<Pick<NewFile, 'name' | 'folderId'>>,
    now: Date,
  ): Promise<FileWithFolder | undefined> {
    const updated = await this.db
      .update(files)
      .set(values)
      .where(and(eq(files.id, id), eq(files.userId, userId), eq(files.status, 'ready')))
      .returning({ id: files.id });
    return updated.length > 0 ? this.findReadyOwned(id, userId, now) : undefined;
  }

  /** Deletes a file of the owner (any state) and returns it, so its blob can be removed. */
  async deleteOwned(id: string, userId: string): Promise<FileRow | undefined> {
    return this.db.transaction(async (tx) => {
      // The owner's row first, as readyIfFits does: the recount must see a file that became ready meanwhile.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [row] = await tx
        .delete(files)
        .where(and(eq(files.id, id), eq(files.userId, userId)))
        .returning();
      if (row) await this.recomputeUsage(tx, userId);
      return row;
    });
  }

  /** Deletes a file only while it is still processing (a failed upload); a ready file is never touched. */
  async deleteProcessing(id: string): Promise<FileRow | undefined> {
    const [row] = await this.db
      .delete(files)
      .where(and(eq(files.id, id), eq(files.status, 'processing')))
      .returning();
    return row;
  }

  async totals(userId: string): Promise<FileTotals> {
    const [row] = await this.db
      .select({
        totalFiles: count(),
        compressedFiles: sql<number>`count(*) filter (where ${files.isCompressed})`.mapWith(Number),
        storedBytes: sql<number>`coalesce(sum(${files.storedSize}), 0)`.mapWith(Number),
        originalBytes: sql<number>`coalesce(sum(${files.originalSize}), 0)`.mapWith(Number),
      })
      .from(files)
      .where(and(eq(files.userId, userId), eq(files.status, 'ready')));
    return row ?? { totalFiles: 0, compressedFiles: 0, storedBytes: 0, originalBytes: 0 };
  }

  /** Files past their expiry (free accounts' files, 24 hours after upload). */
  async listExpired(now: Date, limit = 500): Promise<FileRow[]> {
    return this.db
      .select()
      .from(files)
      .where(and(isNotNull(files.expiresAt), lt(files.expiresAt, now)))
      .limit(limit);
  }

  /** The owner's files stop expiring (the account now keeps its files). */
  async keepAll(userId: string): Promise<void> {
    await this.db.update(files).set({ expiresAt: null }).where(eq(files.userId, userId));
  }

  async listBlobsOfUser(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ key: files.blobKey, compare: files.compareBlob })
      .from(files)
      .where(eq(files.userId, userId));
    return rows.flatMap((r) => (r.compare ? [r.key, r.compare] : [r.key]));
  }

  private async recomputeUsage(tx: Tx, userId: string): Promise<void> {
    await tx
      .update(users)
      .set({
        storageUsed: sql`(select coalesce(sum(${files.storedSize}), 0) from ${files} where ${files.userId} = ${userId} and ${files.status} = 'ready')`,
      })
      .where(eq(users.id, userId));
  }
}

/**
 * The columns of FileShares, read beside a file: its share links live in their own table (features/sharing). A link
 * is active while not revoked, not expired at `now` and under its download limit.
 */
function shareColumns(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const ofFile = sql`${shareLinks.fileId} = ${files.id}`;
  const active = sql`${ofFile} and ${shareLinks.revokedAt} is null and ${shareLinks.expiresAt} > ${at}
    and (${shareLinks.maxDownloads} is null or ${shareLinks.downloads} < ${shareLinks.maxDownloads})`;
  const newest = sql`order by ${shareLinks.createdAt} desc, ${shareLinks.id} desc limit 1`;
  return {
    shareToken: sql<string | null>`(select ${shareLinks.token} from ${shareLinks} where ${active} ${newest})`,
    shareExpiresAt: sql<Date | null>`(select ${shareLinks.expiresAt} from ${shareLinks} where ${active} ${newest})`.mapWith(
      shareLinks.expiresAt,
    ),
    shareLinks: sql<number>`(select count(*) from ${shareLinks} where ${active})`.mapWith(Number),
    shareDownloads: sql<number>`(select coalesce(sum(${shareLinks.downloads}), 0) from ${shareLinks} where ${ofFile})`.mapWith(
      Number,
    ),
  };
}
