import { Inject, Module } from '@nestjs/common';
import { QueuePort } from '../../adapters/queue/queue.port.js';
import { StoragePort } from '../../adapters/storage/storage.port.js';
import { APP_CONFIG, DATABASE } from '../../app.tokens.js';
import { Clock } from '../../common/clock.js';
import { DownloadTicketService } from '../../common/download-ticket.service.js';
import { factory } from '../../common/factory-provider.js';
import { SweepTasks } from '../../common/sweep-tasks.js';
import type { AppConfig } from '../../config/app.config.js';
import type { Database } from '../../db/client.js';
import { AccountDeletionService } from '../accounts/account-deletion.service.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { CompressionFinishers } from '../compression/compress-file.job.js';
import { CompressionModule } from '../compression/compression.module.js';
import { CompressionJobRepository } from '../compression/compression-job.repository.js';
import { FolderRepository } from '../folders/folder.repository.js';
import { FoldersModule } from '../folders/folders.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { BatchRepository } from './batch.repository.js';
import { expiredFiles } from './expired-files.js';
import { FileRepository } from './file.repository.js';
import { FileLibraryService } from './file-library.service.js';
import { FileUploadService } from './file-upload.service.js';
import { FilesController } from './files.controller.js';
import { LibraryResultFinisher } from './library-result.finisher.js';

/** My Files: uploads compressed into storage (single and batch), listing, rename, move, delete, download, stats. */
@Module({
  imports: [AccountsModule, FoldersModule, CompressionModule, UploadsModule],
  controllers: [FilesController],
  providers: [
    factory(FileRepository, [DATABASE], (db: Database) => new FileRepository(db)),
    factory(BatchRepository, [DATABASE], (db: Database) => new BatchRepository(db)),
    factory(
      FileLibraryService,
      [FileRepository, FolderRepository, StoragePort, DownloadTicketService, Clock],
      (f: FileRepository, d: FolderRepository, s: StoragePort, t: DownloadTicketService, c: Clock) =>
        new FileLibraryService(f, d, s, t, c),
    ),
    factory(
      FileUploadService,
      [FileRepository, FolderRepository, BatchRepository, CompressionJobRepository, StoragePort, QueuePort, Clock, APP_CONFIG],
      (
        f: FileRepository,
        d: FolderRepository,
        b: BatchRepository,
        j: CompressionJobRepository,
        s: StoragePort,
        q: QueuePort,
        c: Clock,
        config: AppConfig,
      ) => new FileUploadService(f, d, b, j, s, q, c, config.compressSyncWaitMs),
    ),
    factory(
      LibraryResultFinisher,
      [FileRepository, CompressionJobRepository, StoragePort, Clock],
      (f: FileRepository, j: CompressionJobRepository, s: StoragePort, c: Clock) => new LibraryResultFinisher(f, j, s, c),
    ),
  ],
  exports: [FileRepository, BatchRepository, FileLibraryService],
})
export class FilesModule {
  constructor(
    @Inject(CompressionFinishers) finishers: CompressionFinishers,
    @Inject(LibraryResultFinisher) libraryResults: LibraryResultFinisher,
    @Inject(AccountDeletionService) deletion: AccountDeletionService,
    @Inject(FileRepository) files: FileRepository,
    @Inject(BatchRepository) batches: BatchRepository,
    @Inject(SweepTasks) sweeps: SweepTasks,
    @Inject(StoragePort) storage: StoragePort,
  ) {
    sweeps.register(expiredFiles(files, storage));
    sweeps.register({ name: 'batches', sweep: (now) => batches.deleteExpired(now) });
    finishers.register('library', libraryResults);
    deletion.registerOwnedBlobs((userId) => files.listBlobsOfUser(userId));
  }
}
