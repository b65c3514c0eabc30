import { Module } from '@nestjs/common';
import { TEMPORARY_FILE_TTL_MS } from '@shrinkly/contract';
import { ChunkStagingPort } from '../../adapters/chunks/chunk-staging.port.js';
import { RateCounters } from '../../adapters/rate-counters/rate-counters.port.js';
import { DATABASE } from '../../app.tokens.js';
import { BuiltFrom, construct } from '../../common/factory-provider.js';
import { SweepTasks } from '../../common/sweep-tasks.js';
import { ChunkUploadService } from './chunk-upload.service.js';
import { OpenUploadRepository } from './open-upload.repository.js';

/**
 * Large uploads in chunks, staged here within their owners' limits: the compression feature takes them for the landing
 * page (its chunk routes), the files feature into My Files.
 */
@Module({
  providers: [
    construct(OpenUploadRepository, [DATABASE]),
    construct(ChunkUploadService, [ChunkStagingPort, OpenUploadRepository, RateCounters]),
  ],
  exports: [ChunkUploadService],
})
@BuiltFrom(SweepTasks, ChunkUploadService)
export class UploadsModule {
  constructor(sweeps: SweepTasks, uploads: ChunkUploadService) {
    // Chunked uploads nobody assembled within the temporary-file lifetime.
    sweeps.register({ name: 'uploads', sweep: (now) => uploads.removeAbandoned(now, TEMPORARY_FILE_TTL_MS) });
  }
}
