import { eq, sql } from 'drizzle-orm';
import { findOne } from '../../db/find-one.js';
import { SameShapeRecords } from '../../db/same-shape-records.js';
import type { admins, users } from '../../db/schema/index.js';

/** The tables of people who sign in with an email and a password. */
type SignInTable = typeof users | typeof admins;

/** The named queries of users and admins alike: found by id or email, made once per email, given a new password. */
export class SignInRecords<T extends SignInTable> extends SameShapeRecords<SignInTable, T> {
  findById(id: string): Promise<T['$inferSelect'] | undefined> {
    return findOne(this.db, this.table, eq(this.table.id, id));
  }

  findByEmail(email: string): Promise<T['$inferSelect'] | undefined> {
    return findOne(this.db, this.table, eq(this.table.email, email));
  }

  /** Inserts one; returns undefined when the email is taken (the unique index decides, so two racing sign-ups cannot both win). */
  async create(values: T['$inferInsert']): Promise<T['$inferSelect'] | undefined> {
    const [row] = await this.db
      .insert(this.anyTable)
      .values(values)
      .onConflictDoNothing({ target: this.table.email })
      .returning();
    return row as T['$inferSelect'] | undefined;
  }

  /** Sets a new password hash and ends every session issued before. */
  async updatePassword(id: string, passwordHash: string): Promise<void> {
    await this.db
      .update(this.anyTable)
      .set({ passwordHash, tokenVersion: sql`${this.table.tokenVersion} + 1` })
      .where(eq(this.table.id, id));
  }
}
