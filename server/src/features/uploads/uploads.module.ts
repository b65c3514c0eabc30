import { Module } from '@nestjs/common';
import { ChunkStagingPort } from '../../adapters/chunks/chunk-staging.port.js';
import { factory } from '../../common/factory-provider.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { CompressionModule } from '../compression/compression.module.js';
import { ChunkUploadController } from './chunk-upload.controller.js';
import { ChunkUploadService } from './chunk-upload.service.js';

/** Large uploads in chunks: staged here, and assembled into a landing-page compression here or into My Files by the files module. */
@Module({
  imports: [AccountsModule, CompressionModule],
  controllers: [ChunkUploadController],
  providers: [factory(ChunkUploadService, [ChunkStagingPort], (s: ChunkStagingPort) => new ChunkUploadService(s))],
  exports: [ChunkUploadService],
})
export class UploadsModule {}
