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
import { AccountDeletionService } from '../accounts/account-deletion.service.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { BillingModule } from '../billing/billing.module.js';
import { BillingService } from '../billing/billing.service.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { ChunkUploadController } from './chunk-upload.controller.js';
import { CompressionController } from './compression.controller.js';
import { COMPRESS_QUEUE, CompressionFinishers, CompressionJobHandler } from './compression.job-handler.js';
import { CompressionJobRecords } from './compression.job-records.js';
import { CompressionService } from './compression.service.js';
import { CompressionFulfilment } from './compression-fulfilment.js';
import { PreviewService } from './preview.service.js';
import { PublicResultFinisher } from './public-result.finisher.js';

/** Compression on the landing page: the preview, free and paid jobs, their downloads; and the compression queue. */
@Module({
  imports: [AccountsModule, BillingModule, UploadsModule],
  controllers: [CompressionController, ChunkUploadController],
  providers: [
    construct(CompressionJobRecords, [DATABASE]),
    factory(
      CompressionService,
      [CompressionJobRecords, StoragePort, QueuePort, BillingService, DownloadTicketService, Clock, JobWatchers, APP_CONFIG],
      (
        j: CompressionJobRecords,
        s: StoragePort,
        q: QueuePort,
        b: BillingService,
        t: DownloadTicketService,
        c: Clock,
        w: JobWatchers,
        config: AppConfig,
      ) =>
        new CompressionService(j, s, q, b, t, c, w, {
          syncWaitMs: config.compressSyncWaitMs,
          unpaidBytesPerAddress: config.unpaidUploadsPerAddressBytes,
        }),
    ),
    factory(
      PreviewService,
      [CompressionService, QueuePort, APP_CONFIG],
      (c: CompressionService, q: QueuePort, config: AppConfig) => new PreviewService(c, q, `${config.tmpDir}/work`),
    ),
    construct(CompressionFulfilment, [CompressionJobRecords, Clock]),
    construct(PublicResultFinisher, [CompressionJobRecords, StoragePort, Clock]),
    construct(CompressionFinishers, []),
    construct(CompressionJobHandler, [CompressionJobRecords, CompressionFinishers, EngineStep, Clock, LOGGER]),
  ],
  exports: [CompressionJobRecords, CompressionService, CompressionFinishers, CompressionJobHandler],
})
@BuiltFrom(
  JobHandlers,
  CompressionJobHandler,
  CompressionJobRecords,
  CompressionFinishers,
  PublicResultFinisher,
  BillingService,
  CompressionFulfilment,
  AccountDeletionService,
  SweepTasks,
  StoragePort,
)
export class CompressionModule {
  constructor(
    handlers: JobHandlers,
    handler: CompressionJobHandler,
    jobs: CompressionJobRecords,
    finishers: CompressionFinishers,
    publicResults: PublicResultFinisher,
    billing: BillingService,
    fulfilment: CompressionFulfilment,
    deletion: AccountDeletionService,
    sweeps: SweepTasks,
    storage: StoragePort,
  ) {
    // Expired jobs (visitors' uploads and results, and finished job records) with their blobs.
    sweeps.register(expiredWithBlobs('jobs', jobs, (job) => [job.inputBlob, job.outputBlob, job.compareBlob], storage));
    handler.declareFor(COMPRESS_QUEUE, handlers);
    finishers.register('public', publicResults);
    billing.register('compression', fulfilment);
    deletion.registerOwnedBlobs((userId) => jobs.listBlobsOfUser(userId));
  }
}
