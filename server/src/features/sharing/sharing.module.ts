import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../app.tokens.js';
import { Clock } from '../../common/clock.js';
import { factory } from '../../common/factory-provider.js';
import type { AppConfig } from '../../config/app.config.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { FileRepository } from '../files/file.repository.js';
import { FileLibraryService } from '../files/file-library.service.js';
import { FilesModule } from '../files/files.module.js';
import { SharingController } from './sharing.controller.js';
import { SharingService } from './sharing.service.js';

/** Share links to files of My Files. */
@Module({
  imports: [AccountsModule, FilesModule],
  controllers: [SharingController],
  providers: [
    factory(
      SharingService,
      [FileLibraryService, FileRepository, Clock, APP_CONFIG],
      (l: FileLibraryService, f: FileRepository, c: Clock, config: AppConfig) => new SharingService(l, f, c, config.appUrl),
    ),
  ],
})
export class SharingModule {}
