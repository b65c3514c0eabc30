import { Inject, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { QueuePort } from '../../adapters/queue/queue.port.js';
import { StoragePort } from '../../adapters/storage/storage.port.js';
import { APP_CONFIG, DATABASE, LOGGER } from '../../app.tokens.js';
import { Clock } from '../../common/clock.js';
import { DownloadTicketService } from '../../common/download-ticket.service.js';
import { factory } from '../../common/factory-provider.js';
import { expiredWithBlobs, SweepTasks } from '../../common/sweep-tasks.js';
import type { AppConfig } from '../../config/app.config.js';
import type { Database } from '../../db/client.js';
import { EngineStep } from '../../jobs/engine-step.js';
import { JobHandlers } from '../../jobs/job-handlers.js';
import { ConversionJobRepository } from './conversion-job.repository.js';
import { CONVERT_QUEUE, ConversionJobs, ConvertFileJob } from './convert-file.job.js';
import { ConverterController } from './converter.controller.js';
import { ConverterService } from './converter.service.js';

/** The free converter: formats, conversions up to 100 MB, their signed download links; and the conversion queue. */
@Module({
  controllers: [ConverterController],
  providers: [
    factory(ConversionJobRepository, [DATABASE], (db: Database) => new ConversionJobRepository(db)),
    factory(
      ConverterService,
      [ConversionJobRepository, StoragePort, QueuePort, DownloadTicketService, Clock, APP_CONFIG],
      (j: ConversionJobRepository, s: StoragePort, q: QueuePort, t: DownloadTicketService, c: Clock, config: AppConfig) =>
        new ConverterService(j, s, q, t, c, config.compressSyncWaitMs),
    ),
    factory(
      ConversionJobs,
      [ConversionJobRepository, StoragePort, Clock],
      (j: ConversionJobRepository, s: StoragePort, c: Clock) => new ConversionJobs(j, s, c),
    ),
    factory(
      ConvertFileJob,
      [ConversionJobs, EngineStep, LOGGER],
      (k: ConversionJobs, s: EngineStep, l: Logger) => new ConvertFileJob(k, s, l),
    ),
  ],
  exports: [ConversionJobRepository],
})
export class ConverterModule {
  constructor(
    @Inject(JobHandlers) handlers: JobHandlers,
    @Inject(ConvertFileJob) job: ConvertFileJob,
    @Inject(ConversionJobRepository) jobs: ConversionJobRepository,
    @Inject(SweepTasks) sweeps: SweepTasks,
    @Inject(StoragePort) storage: StoragePort,
  ) {
    // Converted files and their uploads, 24 hours after upload.
    sweeps.register(expiredWithBlobs('conversions', jobs, (job) => [job.inputBlob, job.outputBlob], storage));
    handlers.declare(CONVERT_QUEUE, async (jobId, signal, delivery) => void (await job.run(jobId, signal, delivery)), jobs);
  }
}
