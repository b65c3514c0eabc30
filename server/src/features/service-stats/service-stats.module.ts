import { Module } from '@nestjs/common';
import { DATABASE } from '../../app.tokens.js';
import { Clock } from '../../common/clock.js';
import { BuiltFrom, construct } from '../../common/factory-provider.js';
import { CompressionJobHandler } from '../compression/compression.job-handler.js';
import { CompressionModule } from '../compression/compression.module.js';
import { CompressionTallyRecords } from './compression-tally.records.js';
import { ServiceStatsController } from './service-stats.controller.js';
import { ServiceStatsService } from './service-stats.service.js';

/** The landing page's figures for the whole service: every finished compression, counted once. */
@Module({
  imports: [CompressionModule],
  controllers: [ServiceStatsController],
  providers: [construct(CompressionTallyRecords, [DATABASE]), construct(ServiceStatsService, [CompressionTallyRecords, Clock])],
})
@BuiltFrom(CompressionJobHandler, ServiceStatsService)
export class ServiceStatsModule {
  constructor(handler: CompressionJobHandler, stats: ServiceStatsService) {
    handler.onCompleted((job, result) => stats.count(job, result));
  }
}
