import type { RevenuePeriod } from '@shrinkly/contract';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';

/**
 * Period keys, in UTC (Postgres `to_char` patterns): a day runs 00:00–24:00 UTC ('2026-11-25'); a week is the ISO
 * week, Monday 00:00 UTC to the next Monday, numbered in its ISO year ('2026-W48'; the last days of December may
 * fall in week 1 of the next year, the first days of January in week 52/53 of the last); a month and a year are
 * calendar ones ('2026-11', '2026').
 */
const PERIOD_FORMATS: Record<RevenuePeriod, string> = {
  daily: 'YYYY-MM-DD',
  weekly: 'IYYY-"W"IW',
  monthly: 'YYYY-MM',
  annually: 'YYYY',
};

/** One period's ledger sum: its key in the granularity's format, the net USD amount and the rows counted. */
export interface PeriodRevenue {
  period: string;
  amount: number;
  transactions: number;
}

/** The payments ledger summed for staff: succeeded charges minus succeeded refunds, per period. */
export class RevenueRepository {
  constructor(private readonly db: Database) {}

  /** Every period with a succeeded ledger row, newest first; `transactions` counts charges and refunds alike. */
  async byPeriod(period: RevenuePeriod): Promise<PeriodRevenue[]> {
    const key = periodKey(sql`${payments.createdAt}`, period);
    const rows = await this.db
      .select({
        period: key,
        transactions: sql<number>`count(*)::int`,
        amount: sql<string>`sum(case when ${payments.kind} = 'refund' then -${payments.amount} else ${payments.amount} end)::numeric(14, 2)::text`,
      })
      .from(payments)
      .where(eq(payments.status, 'succeeded'))
      .groupBy(key)
      .orderBy(desc(key));
    return rows.map((row) => ({ period: row.period, amount: Number(row.amount), transactions: row.transactions }));
  }

  /** The key of the period each granularity is in at `now`, in the same format as `byPeriod`. */
  async currentKeys(now: Date): Promise<Record<RevenuePeriod, string>> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const [row] = await this.db
      .select({
        daily: periodKey(at, 'daily'),
        weekly: periodKey(at, 'weekly'),
        monthly: periodKey(at, 'monthly'),
        annually: periodKey(at, 'annually'),
      })
      .from(sql`(values (1)) as now_row(one)`);
    if (!row) throw new Error('no period keys');
    return row;
  }
}

function periodKey(timestamp: SQL, period: RevenuePeriod): SQL<string> {
  return sql<string>`to_char(${timestamp} at time zone 'UTC', ${sql.raw(`'${PERIOD_FORMATS[period]}'`)})`;
}
