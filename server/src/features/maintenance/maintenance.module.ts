import path from 'node:path';
import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { RunOnceLock } from '../../adapters/locks/run-once.port.js';
import { StoragePort } from '../../adapters/storage/storage.port.js';
import { APP_CONFIG, LOGGER } from '../../app.tokens.js';
import { Clock } from '../../common/clock.js';
import { factory } from '../../common/factory-provider.js';
import type { AppConfig } from '../../config/app.config.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { ResetTokenRepository } from '../accounts/reset-token.repository.js';
import { CompressionModule } from '../compression/compression.module.js';
import { CompressionJobRepository } from '../compression/compression-job.repository.js';
import { ConversionJobRepository } from '../converter/conversion-job.repository.js';
import { ConverterModule } from '../converter/converter.module.js';
import { BatchRepository } from '../files/batch.repository.js';
import { FileRepository } from '../files/file.repository.js';
import { FilesModule } from '../files/files.module.js';
import { PlansModule } from '../plans/plans.module.js';
import { SubscriptionService } from '../plans/subscription.service.js';
import { ChunkUploadService } from '../uploads/chunk-upload.service.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import {
  abandonedUploads,
  expiredBatches,
  expiredConversions,
  expiredFiles,
  expiredJobs,
  expiredResetLinks,
} from './sweep-tasks.js';
import { SweeperService } from './sweeper.service.js';
import { staleTempFiles } from './temp-folders.js';

/** The sweeper: removes what has outlived its time, and runs the plans' clock (trial ends, renewals); part of the worker. */
@Module({
  imports: [AccountsModule, CompressionModule, ConverterModule, FilesModule, UploadsModule, PlansModule],
  providers: [
    factory(
      SweeperService,
      [
        CompressionJobRepository,
        ConversionJobRepository,
        FileRepository,
        BatchRepository,
        ResetTokenRepository,
        StoragePort,
        ChunkUploadService,
        SubscriptionService,
        RunOnceLock,
        Clock,
        LOGGER,
        APP_CONFIG,
      ],
      (
        j: CompressionJobRepository,
        v: ConversionJobRepository,
        f: FileRepository,
        b: BatchRepository,
        r: ResetTokenRepository,
        s: StoragePort,
        u: ChunkUploadService,
        plans: SubscriptionService,
        lock: RunOnceLock,
        c: Clock,
        l: Logger,
        config: AppConfig,
      ) =>
        new SweeperService(
          [
            expiredJobs(j, s),
            expiredConversions(v, s),
            abandonedUploads(u),
            expiredFiles(f, s),
            expiredBatches(b),
            expiredResetLinks(r),
            staleTempFiles(path.dirname(config.tmpDir), config.tmpDir),
            { name: 'subscriptions', sweep: () => plans.tick() },
          ],
          lock,
          c,
          l,
        ),
    ),
  ],
  exports: [SweeperService],
})
export class MaintenanceModule {}
