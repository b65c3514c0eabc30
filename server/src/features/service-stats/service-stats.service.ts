import type { ServiceStats } from '@shrinkly/contract';
import type { Clock } from '../../common/clock.js';
import type { CompressionJobRow } from '../../db/schema/index.js';
import type { StoredOutput } from '../../jobs/engine-step.js';
import type { CompressionTallyRecords } from './compression-tally.records.js';

/** How long the landing page's figures are served from memory before the tally is summed again. */
export const SERVICE_STATS_TTL_MS = 60_000;

/**
 * The service's statistics for the landing page: every finished compression counted once, summed at most once a
 * minute per process (every visitor's landing page asks for them). A compression this process counts drops its
 * cached figures, so the next look includes it; other processes' counts show within the minute.
 */
export class ServiceStatsService {
  private cached?: { stats: ServiceStats; until: number };

  constructor(
    private readonly tally: CompressionTallyRecords,
    private readonly clock: Clock,
  ) {}

  async count(job: CompressionJobRow, result: StoredOutput): Promise<void> {
    const entry = { jobId: job.id, originalSize: job.originalSize, resultSize: result.size, finishedAt: this.clock.now() };
    // The next look sums the tally again, so this process shows its own compression at once.
    if (await this.tally.record(entry)) this.cached = undefined;
  }

  async stats(): Promise<ServiceStats> {
    const now = this.clock.now().getTime();
    if (this.cached && now < this.cached.until) return this.cached.stats;
    const stats = await this.tally.totals();
    this.cached = { stats, until: now + SERVICE_STATS_TTL_MS };
    return stats;
  }
}
