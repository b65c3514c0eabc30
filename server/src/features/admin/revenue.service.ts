import { REVENUE_PERIODS, type Revenue, type RevenuePeriod } from '@shrinkly/contract';
import type { Clock } from '../../common/clock.js';
import type { RevenueRepository } from './revenue.repository.js';

/** Revenue for staff: each period's charges minus refunds (periods in UTC, see RevenueRepository), and the current ones. */
export class RevenueService {
  constructor(
    private readonly ledger: RevenueRepository,
    private readonly clock: Clock,
  ) {}

  async report(): Promise<Revenue> {
    const [keys, daily, weekly, monthly, annually] = await Promise.all([
      this.ledger.currentKeys(this.clock.now()),
      this.ledger.byPeriod('daily'),
      this.ledger.byPeriod('weekly'),
      this.ledger.byPeriod('monthly'),
      this.ledger.byPeriod('annually'),
    ]);
    const lists = { daily, weekly, monthly, annually };
    const totals = Object.fromEntries(
      REVENUE_PERIODS.map((period) => [period, lists[period].find((row) => row.period === keys[period])?.amount ?? 0]),
    ) as Record<RevenuePeriod, number>;
    return {
      totals,
      daily: daily.map(({ period, ...figures }) => ({ date: period, ...figures })),
      weekly: weekly.map(({ period, ...figures }) => ({ week: period, ...figures })),
      monthly: monthly.map(({ period, ...figures }) => ({ month: period, ...figures })),
      annually: annually.map(({ period, ...figures }) => ({ year: period, ...figures })),
    };
  }
}
