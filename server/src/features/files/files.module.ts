import { Module } from '@nestjs/common';
import { StoragePort } from '../../adapters/storage/storage.port.js';
import { DATABASE } from '../../app.tokens.js';
import { Clock } from '../../common/clock.js';
import { DownloadTicketService } from '../../common/download-ticket.service.js';
import { BuiltFrom, construct } from '../../common/factory-provider.js';
import { SweepTasks } from '../../common/sweep-tasks.js';
import { AccountDeletionService } from '../accounts/account-deletion.service.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { CompressionFinishers } from '../compression/compression.job-handler.js';
import { CompressionJobRecords } from '../compression/compression.job-records.js';
import { CompressionModule } from '../compression/compression.module.js';
import { CompressionService } from '../compression/compression.service.js';
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
    construct(FileRepository, [DATABASE]),
    construct(BatchRepository, [DATABASE]),
    construct(FileLibraryService, [FileRepository, FolderRepository, StoragePort, DownloadTicketService, Clock]),
    construct(FileUploadService, [FileRepository, FolderRepository, BatchRepository, CompressionService, StoragePort, Clock]),
    construct(LibraryResultFinisher, [FileRepository, CompressionJobRecords, StoragePort, Clock]),
  ],
  exports: [FileRepository, BatchRepository, FileLibraryService],
})
@BuiltFrom(
  CompressionFinishers,
  LibraryResultFinisher,
  AccountDeletionService,
  FileRepository,
  BatchRepository,
  SweepTasks,
  StoragePort,
)
export class FilesModule {
  constructor(
    finishers: CompressionFinishers,
    libraryResults: LibraryResultFinisher,
    deletion: AccountDeletionService,
    files: FileRepository,
    batches: BatchRepository,
    sweeps: SweepTasks,
    storage: StoragePort,
  ) {
    sweeps.register(expiredFiles(files, storage));
    sweeps.register({ name: 'batches', sweep: (now) => batches.deleteExpired(now) });
    finishers.register('library', libraryResults);
    deletion.registerOwnedBlobs((userId) => files.listBlobsOfUser(userId));
  }
}
