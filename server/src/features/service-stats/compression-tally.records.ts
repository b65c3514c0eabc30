import type { ServiceStats } from '@shrinkly/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { compressionTally } from '../../db/schema/index.js';

/** One finished compression, as the tally keeps it. */
export interface TallyEntry {
  jobId: string;
  originalSize: number;
  resultSize: number;
  finishedAt: Date;
}

/** The service's tally of finished compressions: one row per job, written once, summed for the statistics. */
export class CompressionTallyRecords {
  constructor(private readonly db: Database) {}

  /**
   * Counts a job once: a repeated call for the same job (a restart between two steps) changes nothing. Answers
   * whether this call counted it.
   */
  async record(entry: TallyEntry): Promise<boolean> {
    const added = await this.db
      .insert(compressionTally)
      .values(entry)
      .onConflictDoNothing({ target: compressionTally.jobId })
      .returning({ jobId: compressionTally.jobId });
    return added.length > 0;
  }

  /** The figures of every job counted so far. */
  async totals(): Promise<ServiceStats> {
    const t = compressionTally;
    const [row] = await this.db
      .select({
        totalFiles: sql<string>`count(*)`,
        compressedFiles: sql<string>`count(*) filter (where ${t.resultSize} < ${t.originalSize})`,
        // Per file, as a visitor's own figure is: a file that saved nothing counts as 0 %.
        averageSaved: sql<string | null>`avg(greatest(0, 1 - ${t.resultSize}::float8 / nullif(${t.originalSize}, 0)))`,
        originalBytes: sql<string | null>`sum(${t.originalSize})`,
        resultBytes: sql<string | null>`sum(${t.resultSize})`,
      })
      .from(t);
    return {
      totalFiles: Number(row?.totalFiles ?? 0),
      compressedFiles: Number(row?.compressedFiles ?? 0),
      averageSpaceSaved: Math.round(Number(row?.averageSaved ?? 0) * 1000) / 10,
      totalOriginalSize: Number(row?.originalBytes ?? 0),
      totalCompressedSize: Number(row?.resultBytes ?? 0),
    };
  }
}
