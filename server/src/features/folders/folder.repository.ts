import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { deleteOwned } from '../../db/delete-owned.js';
import { findOne } from '../../db/find-one.js';
import { insertOne } from '../../db/insert-one.js';
import { type FolderRow, files, folders } from '../../db/schema/index.js';

export interface FolderWithCount extends FolderRow {
  fileCount: number;
}

/** Named queries on folders; every one is scoped to its owner. */
export class FolderRepository {
  constructor(private readonly db: Database) {}

  /**
   * The owner's folders, oldest first, each with its number of files (those still processing included, as the
   * file list shows them); only one parent's when `parentId` is given.
   */
  async listOwned(userId: string, parentId?: string): Promise<FolderWithCount[]> {
    const fileCount = this.db
      .select({ folderId: files.folderId, n: count().as('n') })
      .from(files)
      .where(eq(files.userId, userId))
      .groupBy(files.folderId)
      .as('file_counts');
    const rows = await this.db
      .select({ folder: folders, fileCount: sql<number>`coalesce(${fileCount.n}, 0)`.mapWith(Number) })
      .from(folders)
      .leftJoin(fileCount, eq(fileCount.folderId, folders.id))
      .where(and(eq(folders.userId, userId), parentId === undefined ? undefined : eq(folders.parentId, parentId)))
      .orderBy(asc(folders.createdAt), asc(folders.id));
    return rows.map((r) => ({ ...r.folder, fileCount: r.fileCount }));
  }

  async findOwned(id: string, userId: string): Promise<FolderRow | undefined> {
    return findOne(this.db, folders, and(eq(folders.id, id), eq(folders.userId, userId)));
  }

  /** A sibling with the same name, compared case-insensitively. */
  async findSiblingNamed(userId: string, parentId: string | null, name: string): Promise<FolderRow | undefined> {
    return findOne(
      this.db,
      folders,
      and(
        eq(folders.userId, userId),
        parentId === null ? isNull(folders.parentId) : eq(folders.parentId, parentId),
        sql`lower(${folders.name}) = lower(${name})`,
      ),
    );
  }

  create(values: { userId: string; parentId: string | null; name: string }): Promise<FolderRow> {
    return insertOne(this.db, folders, values);
  }

  /** Whether the folder holds any file (in any state) or folder. */
  async hasContent(id: string): Promise<boolean> {
    const [file] = await this.db.select({ id: files.id }).from(files).where(eq(files.folderId, id)).limit(1);
    if (file) return true;
    const [child] = await this.db.select({ id: folders.id }).from(folders).where(eq(folders.parentId, id)).limit(1);
    return child !== undefined;
  }

  delete(id: string, userId: string): Promise<boolean> {
    return deleteOwned(this.db, folders, id, userId);
  }
}
