import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { openDatabase } from '../../src/db/client.js';
import { payments, users } from '../../src/db/schema/index.js';
import { PaymentRepository } from '../../src/features/billing/payment.repository.js';
import { openTestDatabase } from '../harness.js';

/**
 * The ledger as several server processes write it: a provider's plan charge arrives by webhook and by the renewal
 * tick at once, each process with a connection pool of its own (on PostgreSQL; PGlite runs in one process).
 */
describe('the payments ledger under concurrent writers', () => {
  let database: DatabaseHandle & { url?: string };
  const writers: DatabaseHandle[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.migrate();
  });
  afterAll(async () => {
    await Promise.all(writers.map((w) => w.close()));
    await database.close();
  });

  /** Ledgers for `count` writers: separate pools on PostgreSQL, the one database on PGlite. */
  async function ledgers(count: number): Promise<PaymentRepository[]> {
    const url = database.url;
    if (!url) return Array.from({ length: count }, () => new PaymentRepository(database.db));
    for (let i = writers.length; i < count; i++) writers.push(await openDatabase({ databaseUrl: url }));
    return writers.slice(0, count).map((w) => new PaymentRepository(w.db));
  }

  it('records one provider plan charge once when writers record it at the same moment', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ name: 'Ada', email: `${randomUUID()}@example.com`, passwordHash: 'x' })
      .returning();
    const writersOfCharge = await ledgers(4);
    for (let round = 0; round < 25; round++) {
      const reference = `sub_charge_${round}`;
      const charge = {
        kind: 'subscription' as const,
        amount: 3.99,
        currency: 'USD',
        userId: user?.id,
        provider: 'stripe',
        providerReference: reference,
        periodKey: `stripe:${reference}`,
      };
      const answers = await Promise.all(writersOfCharge.flatMap((ledger) => [ledger.record(charge), ledger.record(charge)]));
      expect(answers.filter(Boolean)).toHaveLength(1);
    }
    const rows = await database.db.select().from(payments);
    expect(rows).toHaveLength(25);
  });
});
