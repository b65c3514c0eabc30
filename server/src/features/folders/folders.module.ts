import { Module } from '@nestjs/common';
import { DATABASE } from '../../app.tokens.js';
import { construct } from '../../common/factory-provider.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { FolderRepository } from './folder.repository.js';
import { FolderService } from './folder.service.js';
import { FoldersController } from './folders.controller.js';

/** Folders of My Files: list, create, delete (empty ones). */
@Module({
  imports: [AccountsModule],
  controllers: [FoldersController],
  providers: [construct(FolderRepository, [DATABASE]), construct(FolderService, [FolderRepository])],
  exports: [FolderRepository],
})
export class FoldersModule {}
