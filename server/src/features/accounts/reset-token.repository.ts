import { and, count, eq, gt, isNull, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admins, passwordResetTokens, users } from '../../db/schema/index.js';

export type ResetSubject = { userId: string; adminId?: undefined } | { adminId: string; userId?: undefined };

/** Named queries on password reset tokens (stored as hashes only). */
export class ResetTokenRepository {
  constructor(private readonly db: Database) {}

  /** Removes links that can no longer be used: past their expiry (spent links expire like the others). */
  async deleteExpired(now: Date): Promise<number> {
    const rows = await this.db
      .delete(passwordResetTokens)
      .where(lt(passwordResetTokens.expiresAt, now))
      .returning({ id: passwordResetTokens.id });
    return rows.length;
  }

  /**
   * Adds a link unless the account already has `maxLive` usable (unused, unexpired) ones; returns whether it did.
   * The account's row is locked while its links are counted, so racing requests cannot together pass the cap.
   */
  async createCapped(subject: ResetSubject, tokenHash: string, expiresAt: Date, now: Date, maxLive: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (subject.userId) await tx.select({ id: users.id }).from(users).where(eq(users.id, subject.userId)).for('update');
      else
        await tx
          .select({ id: admins.id })
          .from(admins)
          .where(eq(admins.id, subject.adminId as string))
          .for('update');
      const [live] = await tx
        .select({ n: count() })
        .from(passwordResetTokens)
        .where(and(ofSubject(subject), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)));
      if ((live?.n ?? 0) >= maxLive) return false;
      await tx.insert(passwordResetTokens).values({ ...subject, tokenHash, expiresAt });
      return true;
    });
  }

  /** Marks every unused link of the account used. */
  async revokeAll(subject: ResetSubject, now: Date): Promise<void> {
    await this.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(ofSubject(subject), isNull(passwordResetTokens.usedAt)));
  }

  /**
   * Marks the token used if it is unused and unexpired, in one statement, so a token can be spent only once
   * even by two racing requests. Returns whose token it was, or undefined.
   */
  async consume(tokenHash: string, now: Date): Promise<{ userId: string | null; adminId: string | null } | undefined> {
    const [row] = await this.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId, adminId: passwordResetTokens.adminId });
    return row;
  }
}

function ofSubject(subject: ResetSubject): SQL {
  return subject.userId
    ? eq(passwordResetTokens.userId, subject.userId)
    : eq(passwordResetTokens.adminId, subject.adminId as string);
}
