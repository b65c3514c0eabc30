import { and, count, eq, isNull, lt, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { findOne } from '../../db/find-one.js';
import { type ChunkUploadRow, chunkUploads } from '../../db/schema/index.js';

/** Who starts and owns a chunked upload: an account, or a visitor by address. */
export interface UploadOwner {
  userId: string | null;
  address: string;
}

/** Chunked uploads not assembled yet, with their owners and declared sizes. */
export class OpenUploadRepository {
  constructor(private readonly db: Database) {}

  /** Binds a new upload to its owner; undefined when the id is taken (then `find` says by whom). */
  async open(uploadId: string, owner: UploadOwner, declaredBytes: number): Promise<ChunkUploadRow | undefined> {
    const [row] = await this.db
      .insert(chunkUploads)
      .values({ uploadId, userId: owner.userId, address: owner.address, declaredBytes })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  async find(uploadId: string): Promise<ChunkUploadRow | undefined> {
    return findOne(this.db, chunkUploads, eq(chunkUploads.uploadId, uploadId));
  }

  /** The uploads an owner has open (an account's own, or a visitor address's), and the bytes they declare. */
  async openBy(owner: UploadOwner): Promise<{ uploads: number; bytes: number }> {
    const mine = owner.userId
      ? eq(chunkUploads.userId, owner.userId)
      : and(isNull(chunkUploads.userId), eq(chunkUploads.address, owner.address));
    const [row] = await this.db
      .select({ uploads: count(), bytes: sum(chunkUploads.declaredBytes) })
      .from(chunkUploads)
      .where(mine);
    return { uploads: row?.uploads ?? 0, bytes: Number(row?.bytes ?? 0) };
  }

  async close(uploadId: string): Promise<void> {
    await this.db.delete(chunkUploads).where(eq(chunkUploads.uploadId, uploadId));
  }

  /** Forgets uploads opened before `cutoff` (their chunks are removed with them). */
  async removeOpenedBefore(cutoff: Date): Promise<void> {
    await this.db.delete(chunkUploads).where(lt(chunkUploads.createdAt, cutoff));
  }
}
