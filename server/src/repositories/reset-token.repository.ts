import { and, count, eq, gt, isNull, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { passwordResetTokens } from '../db/schema/index.js';

export type ResetSubject = { userId: string; adminId?: undefined } | { adminId: string; userId?: undefined };

/** Named queries on password reset tokens (stored as hashes only). */
export class ResetTokenRepository {
  constructor(private readonly db: Database) {}

  async create(subject: ResetSubject, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(passwordResetTokens).values({ ...subject, tokenHash, expiresAt });
  }

  /** Removes links that can no longer be used: past their expiry (spent links expire like the others). */
  async deleteExpired(now: Date): Promise<number> {
    const rows = await this.db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now)).returning({ id: passwordResetTokens.id });
    return rows.length;
  }

  /** How many of the account's links are still usable: unused and unexpired. */
  async countLive(subject: ResetSubject, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ live: count() })
      .from(passwordResetTokens)
      .where(and(ofSubject(subject), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)));
    return row?.live ?? 0;
  }

  /** Marks every unused link of the account used. */
  async revokeAll(subject: ResetSubject, now: Date): Promise<void> {
    await this.db.update(passwordResetTokens).set({ usedAt: now }).where(and(ofSubject(subject), isNull(passwordResetTokens.usedAt)));
  }

  /**
   * Marks the token used if it is unused and unexpired, in one statement, so a token can be spent only once
   * even by two racing requests. Returns whose token it was, or undefined.
   */
  async consume(tokenHash: string, now: Date): Promise<{ userId: string | null; adminId: string | null } | undefined> {
    const [row] = await this.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId, adminId: passwordResetTokens.adminId });
    return row;
  }
}

function ofSubject(subject: ResetSubject): SQL {
  return subject.userId ? eq(passwordResetTokens.userId, subject.userId) : eq(passwordResetTokens.adminId, subject.adminId as string);
}
