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
import { AccountDeletionService } from '../accounts/account-deletion.service.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { BillingModule } from '../billing/billing.module.js';
import { BillingService } from '../billing/billing.service.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { ChunkUploadController } from './chunk-upload.controller.js';
import { COMPRESS_QUEUE, CompressFileJob, CompressionFinishers, CompressionJobs } from './compress-file.job.js';
import { CompressionController } from './compression.controller.js';
import { CompressionService } from './compression.service.js';
import { CompressionFulfilment } from './compression-fulfilment.js';
import { CompressionJobRepository } from './compression-job.repository.js';
import { PreviewService } from './preview.service.js';
import { PublicResultFinisher } from './public-result.finisher.js';

/** Compression on the landing page: the preview, free and paid jobs, their downloads; and the compression queue. */
@Module({
  imports: [AccountsModule, BillingModule, UploadsModule],
  controllers: [CompressionController, ChunkUploadController],
  providers: [
    factory(CompressionJobRepository, [DATABASE], (db: Database) => new CompressionJobRepository(db)),
    factory(
      CompressionService,
      [CompressionJobRepository, StoragePort, QueuePort, BillingService, DownloadTicketService, Clock, APP_CONFIG],
      (
        j: CompressionJobRepository,
        s: StoragePort,
        q: QueuePort,
        b: BillingService,
        t: DownloadTicketService,
        c: Clock,
        config: AppConfig,
      ) =>
        new CompressionService(j, s, q, b, t, c, {
          syncWaitMs: config.compressSyncWaitMs,
          unpaidBytesPerAddress: config.unpaidUploadsPerAddressBytes,
        }),
    ),
    factory(
      PreviewService,
      [CompressionService, QueuePort, APP_CONFIG],
      (c: CompressionService, q: QueuePort, config: AppConfig) => new PreviewService(c, q, `${config.tmpDir}/work`),
    ),
    factory(
      CompressionFulfilment,
      [CompressionJobRepository, Clock],
      (j: CompressionJobRepository, c: Clock) => new CompressionFulfilment(j, c),
    ),
    factory(
      PublicResultFinisher,
      [CompressionJobRepository, StoragePort, Clock],
      (j: CompressionJobRepository, s: StoragePort, c: Clock) => new PublicResultFinisher(j, s, c),
    ),
    factory(CompressionFinishers, [], () => new CompressionFinishers()),
    factory(
      CompressionJobs,
      [CompressionJobRepository, CompressionFinishers, Clock],
      (j: CompressionJobRepository, f: CompressionFinishers, c: Clock) => new CompressionJobs(j, f, c),
    ),
    factory(
      CompressFileJob,
      [CompressionJobs, EngineStep, LOGGER],
      (k: CompressionJobs, s: EngineStep, l: Logger) => new CompressFileJob(k, s, l),
    ),
  ],
  exports: [CompressionJobRepository, CompressionService, CompressionFinishers],
})
export class CompressionModule {
  constructor(
    @Inject(JobHandlers) handlers: JobHandlers,
    @Inject(CompressFileJob) job: CompressFileJob,
    @Inject(CompressionJobRepository) jobs: CompressionJobRepository,
    @Inject(CompressionFinishers) finishers: CompressionFinishers,
    @Inject(PublicResultFinisher) publicResults: PublicResultFinisher,
    @Inject(BillingService) billing: BillingService,
    @Inject(CompressionFulfilment) fulfilment: CompressionFulfilment,
    @Inject(AccountDeletionService) deletion: AccountDeletionService,
    @Inject(SweepTasks) sweeps: SweepTasks,
    @Inject(StoragePort) storage: StoragePort,
  ) {
    // Expired jobs (visitors' uploads and results, and finished job records) with their blobs.
    sweeps.register(expiredWithBlobs('jobs', jobs, (job) => [job.inputBlob, job.outputBlob], storage));
    handlers.declare(COMPRESS_QUEUE, async (jobId, signal, delivery) => void (await job.run(jobId, signal, delivery)), jobs);
    finishers.register('public', publicResults);
    billing.register('compression', fulfilment);
    deletion.registerOwnedBlobs((userId) => jobs.listBlobsOfUser(userId));
  }
}
