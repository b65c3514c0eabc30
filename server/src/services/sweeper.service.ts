import { TEMPORARY_FILE_TTL_MS } from '@shrinkly/contract';
import type { Logger } from 'pino';
import type { StoragePort } from '../adapters/storage/storage.port.js';
import type { CompressionJobRepository } from '../repositories/compression-job.repository.js';
import type { ChunkUploadService } from './chunk-upload.service.js';
import type { Clock } from './clock.js';

export interface SweepReport {
  jobs: number;
  uploads: number;
}

/** Removes what has outlived its time: expired jobs with their files, and abandoned chunked uploads. */
export class SweeperService {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SweepReport> | undefined;

  constructor(
    private readonly jobs: CompressionJobRepository,
    private readonly storage: StoragePort,
    private readonly uploads: ChunkUploadService,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** One pass; concurrent calls share the pass in progress. */
  sweep(): Promise<SweepReport> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<SweepReport> {
    const now = this.clock.now();
    let jobs = 0;
    for (;;) {
      const expired = await this.jobs.listExpired(now);
      if (expired.length === 0) break;
      for (const job of expired) {
        for (const key of new Set([job.inputBlob, job.outputBlob])) if (key) await this.storage.delete(key);
        await this.jobs.delete(job.id);
        jobs += 1;
      }
    }
    const uploads = await this.uploads.removeAbandoned(now, TEMPORARY_FILE_TTL_MS);
    if (jobs + uploads > 0) this.logger.info({ jobs, uploads }, 'sweeper removed expired files');
    return { jobs, uploads };
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.sweep().catch((err: unknown) => this.logger.error({ err }, 'sweep failed'));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
