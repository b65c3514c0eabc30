import { Module } from '@nestjs/common';
import { DATABASE } from '../../app.tokens.js';
import { factory } from '../../common/factory-provider.js';
import type { Database } from '../../db/client.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { FolderRepository } from './folder.repository.js';
import { FolderService } from './folder.service.js';
import { FoldersController } from './folders.controller.js';

/** Folders of My Files: list, create, delete (empty ones). */
@Module({
  imports: [AccountsModule],
  controllers: [FoldersController],
  providers: [
    factory(FolderRepository, [DATABASE], (db: Database) => new FolderRepository(db)),
    factory(FolderService, [FolderRepository], (f: FolderRepository) => new FolderService(f)),
  ],
  exports: [FolderRepository],
})
export class FoldersModule {}
