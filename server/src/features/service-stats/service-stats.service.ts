import type { ServiceStats } from '@shrinkly/contract';
import type { Clock } from '../../common/clock.js';
import type { CompressionJobRow } from '../../db/schema/index.js';
import type { StoredOutput } from '../../jobs/engine-step.js';
import type { CompressionTallyRecords } from './compression-tally.records.js';

/** How long the landing page's figures are served from memory before the tally is summed again. */
export const SERVICE_STATS_TTL_MS = 60_000;

/**
 * The service's statistics for the landing page: every finished compression counted once, summed at most once a
 * minute per process (every visitor's landing page asks for them). What this process counts meanwhile is added to
 * its figures at once, so a visitor sees their own compression counted; other processes' show within the minute.
 */
export class ServiceStatsService {
  private cached?: { stats: ServiceStats; until: number };

  constructor(
    private readonly tally: CompressionTallyRecords,
    private readonly clock: Clock,
  ) {}

  async count(job: CompressionJobRow, result: StoredOutput): Promise<void> {
    const entry = { jobId: job.id, originalSize: job.originalSize, resultSize: result.size, finishedAt: this.clock.now() };
    if (!(await this.tally.record(entry)) || !this.cached) return;
    const { stats } = this.cached;
    const saved = entry.originalSize > 0 ? Math.max(0, 1 - entry.resultSize / entry.originalSize) * 100 : 0;
    const files = stats.totalFiles + 1;
    this.cached.stats = {
      totalFiles: files,
      compressedFiles: stats.compressedFiles + (entry.resultSize < entry.originalSize ? 1 : 0),
      averageSpaceSaved: Math.round(((stats.averageSpaceSaved * stats.totalFiles + saved) / files) * 10) / 10,
      totalOriginalSize: stats.totalOriginalSize + entry.originalSize,
      totalCompressedSize: stats.totalCompressedSize + entry.resultSize,
    };
  }

  async stats(): Promise<ServiceStats> {
    const now = this.clock.now().getTime();
    if (this.cached && now < this.cached.until) return this.cached.stats;
    const stats = await this.tally.totals();
    this.cached = { stats, until: now + SERVICE_STATS_TTL_MS };
    return stats;
  }
}
