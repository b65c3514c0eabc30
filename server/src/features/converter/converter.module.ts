import { Module } from '@nestjs/common';
import { QueuePort } from '../../adapters/queue/queue.port.js';
import { StoragePort } from '../../adapters/storage/storage.port.js';
import { APP_CONFIG, DATABASE, LOGGER } from '../../app.tokens.js';
import { Clock } from '../../common/clock.js';
import { DownloadTicketService } from '../../common/download-ticket.service.js';
import { BuiltFrom, construct, factory } from '../../common/factory-provider.js';
import { expiredWithBlobs, SweepTasks } from '../../common/sweep-tasks.js';
import type { AppConfig } from '../../config/app.config.js';
import { EngineStep } from '../../jobs/engine-step.js';
import { JobHandlers } from '../../jobs/job-handlers.js';
import { JobWatchers } from '../../jobs/job-watchers.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { CONVERT_QUEUE, ConversionJobHandler } from './conversion.job-handler.js';
import { ConversionJobRecords } from './conversion.job-records.js';
import { ConverterController } from './converter.controller.js';
import { ConverterService } from './converter.service.js';

/** The free converter: formats, conversions up to 100 MB, their signed download links; and the conversion queue. */
@Module({
  imports: [AccountsModule],
  controllers: [ConverterController],
  providers: [
    construct(ConversionJobRecords, [DATABASE]),
    factory(
      ConverterService,
      [ConversionJobRecords, StoragePort, QueuePort, DownloadTicketService, Clock, JobWatchers, APP_CONFIG],
      (
        j: ConversionJobRecords,
        s: StoragePort,
        q: QueuePort,
        t: DownloadTicketService,
        c: Clock,
        w: JobWatchers,
        config: AppConfig,
      ) => new ConverterService(j, s, q, t, c, w, config.compressSyncWaitMs),
    ),
    construct(ConversionJobHandler, [ConversionJobRecords, StoragePort, EngineStep, Clock, LOGGER]),
  ],
  exports: [ConversionJobRecords, ConversionJobHandler],
})
@BuiltFrom(JobHandlers, ConversionJobHandler, ConversionJobRecords, SweepTasks, StoragePort)
export class ConverterModule {
  constructor(
    handlers: JobHandlers,
    handler: ConversionJobHandler,
    jobs: ConversionJobRecords,
    sweeps: SweepTasks,
    storage: StoragePort,
  ) {
    // Converted files and their uploads, 24 hours after upload.
    sweeps.register(expiredWithBlobs('conversions', jobs, (job) => [job.inputBlob, job.outputBlob], storage));
    handler.declareFor(CONVERT_QUEUE, handlers);
  }
}
