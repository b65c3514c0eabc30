import { Module } from '@nestjs/common';
import { RateCounters } from '../../adapters/rate-counters/rate-counters.port.js';
import { APP_CONFIG, DATABASE } from '../../app.tokens.js';
import { Clock } from '../../common/clock.js';
import { DownloadTicketService } from '../../common/download-ticket.service.js';
import { construct, factory } from '../../common/factory-provider.js';
import type { AppConfig } from '../../config/app.config.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { PasswordHasher } from '../accounts/password-hasher.js';
import { FileLibraryService } from '../files/file-library.service.js';
import { FilesModule } from '../files/files.module.js';
import { ShareLinkRepository } from './share-link.repository.js';
import { SharedFileService } from './shared-file.service.js';
import { SharingController } from './sharing.controller.js';
import { SharingService } from './sharing.service.js';

/** Share links to files of My Files: several per file, with an expiry, an optional password and download limit. */
@Module({
  imports: [AccountsModule, FilesModule],
  controllers: [SharingController],
  providers: [
    construct(ShareLinkRepository, [DATABASE]),
    construct(PasswordHasher, []),
    factory(
      SharingService,
      [FileLibraryService, ShareLinkRepository, PasswordHasher, Clock, APP_CONFIG],
      (l: FileLibraryService, r: ShareLinkRepository, h: PasswordHasher, c: Clock, config: AppConfig) =>
        new SharingService(l, r, h, c, config.appUrl),
    ),
    construct(SharedFileService, [ShareLinkRepository, PasswordHasher, DownloadTicketService, Clock, RateCounters]),
  ],
})
export class SharingModule {}
