import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type AdminRow, admins } from '../../db/schema/index.js';

/** Named queries on the admins table. */
export class AdminRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<AdminRow | undefined> {
    const [row] = await this.db.select().from(admins).where(eq(admins.id, id)).limit(1);
    return row;
  }

  async findByEmail(email: string): Promise<AdminRow | undefined> {
    const [row] = await this.db.select().from(admins).where(eq(admins.email, email)).limit(1);
    return row;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(admins);
    return row?.n ?? 0;
  }

  async create(values: { email: string; passwordHash: string }): Promise<AdminRow | undefined> {
    const [row] = await this.db.insert(admins).values(values).onConflictDoNothing({ target: admins.email }).returning();
    return row;
  }

  async updatePassword(id: string, passwordHash: string): Promise<void> {
    await this.db
      .update(admins)
      .set({ passwordHash, tokenVersion: sql`${admins.tokenVersion} + 1` })
      .where(eq(admins.id, id));
  }
}
