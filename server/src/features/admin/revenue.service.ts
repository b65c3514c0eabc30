import { type Revenue, REVENUE_PERIODS, type RevenuePeriod, type RevenueRow } from '@shrinkly/contract';
import type { Clock } from '../../common/clock.js';
import type { RevenueRepository } from './revenue.repository.js';

/** Revenue for staff: each period's charges minus refunds (periods in UTC, see RevenueRepository), and the current ones. */
export class RevenueService {
  constructor(
    private readonly ledger: RevenueRepository,
    private readonly clock: Clock,
  ) {}

  async report(): Promise<Revenue> {
    const [keys, ...lists] = await Promise.all([
      this.ledger.currentKeys(this.clock.now()),
      ...REVENUE_PERIODS.map((period) => this.ledger.byPeriod(period)),
    ]);
    const periods = Object.fromEntries(REVENUE_PERIODS.map((period, i) => [period, lists[i] ?? []])) as Record<RevenuePeriod, RevenueRow[]>;
    const totals = Object.fromEntries(
      REVENUE_PERIODS.map((period) => [period, periods[period].find((row) => row.period === keys[period])?.amount ?? 0]),
    ) as Record<RevenuePeriod, number>;
    return { totals, periods };
  }
}
