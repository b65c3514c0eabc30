import path from 'node:path';
import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Logger } from 'pino';
import { MailPort } from './adapters/mail/mail.port.js';
import { PaymentPort } from './adapters/payments/payment.port.js';
import { QueuePort } from './adapters/queue/queue.port.js';
import { StoragePort } from './adapters/storage/storage.port.js';
import { ChunkUploadController } from './features/uploads/chunk-upload.controller.js';
import { CompressionController } from './features/compression/compression.controller.js';
import { SandboxCheckoutController } from './features/billing/sandbox-checkout.controller.js';
import { OptionalUser } from './features/accounts/optional-user.js';
import { CompressFileJob } from './features/compression/compress-file.job.js';
import { CompressionJobRepository } from './features/compression/compression-job.repository.js';
import { PaymentRepository } from './features/billing/payment.repository.js';
import { ChunkUploadService } from './features/uploads/chunk-upload.service.js';
import { CompressionService } from './features/compression/compression.service.js';
import { DownloadTicketService } from './common/download-ticket.service.js';
import { PreviewService } from './features/compression/preview.service.js';
import { SweeperService } from './features/maintenance/sweeper.service.js';
import { abandonedUploads, expiredBatches, expiredConversions, expiredFiles, expiredJobs, expiredResetLinks } from './features/maintenance/sweep-tasks.js';
import { staleTempFiles } from './features/maintenance/temp-folders.js';
import { ConverterController } from './features/converter/converter.controller.js';
import { ConvertFileJob } from './features/converter/convert-file.job.js';
import { ConversionJobRepository } from './features/converter/conversion-job.repository.js';
import { ConverterService } from './features/converter/converter.service.js';
import { FilesController } from './features/files/files.controller.js';
import { FoldersController } from './features/folders/folders.controller.js';
import { BatchRepository } from './features/files/batch.repository.js';
import { FileRepository } from './features/files/file.repository.js';
import { FolderRepository } from './features/folders/folder.repository.js';
import { AccountDeletionService } from './features/accounts/account-deletion.service.js';
import { FileLibraryService } from './features/files/file-library.service.js';
import { FileStoreService } from './features/files/file-store.service.js';
import { FileUploadService } from './features/files/file-upload.service.js';
import { FolderService } from './features/folders/folder.service.js';
import { SubscriptionController } from './features/plans/subscription.controller.js';
import { TrialService } from './features/plans/trial.service.js';
import { APP_CONFIG, DATABASE, LOGGER, TOOLS } from './app.tokens.js';
import type { AppConfig } from './config/app.config.js';
import { AdminAuthController } from './features/accounts/admin-auth.controller.js';
import { AuthController } from './features/accounts/auth.controller.js';
import { SystemController } from './features/system/system.controller.js';
import type { Database } from './db/client.js';
import { AdminAuthGuard, UserAuthGuard } from './features/accounts/auth.guards.js';
import { Authenticator } from './features/accounts/authenticator.js';
import { AdminRepository } from './features/accounts/admin.repository.js';
import { ResetTokenRepository } from './features/accounts/reset-token.repository.js';
import { UserRepository } from './features/accounts/user.repository.js';
import { AccountService } from './features/accounts/account.service.js';
import { AdminAuthService } from './features/accounts/admin-auth.service.js';
import { AuthRateLimiter } from './features/accounts/auth-rate-limiter.js';
import { BackgroundTasks } from './common/background-tasks.js';
import { Clock } from './common/clock.js';
import { PasswordHasher } from './features/accounts/password-hasher.js';
import { PasswordResetService } from './features/accounts/password-reset.service.js';
import { ResetLinkMailer } from './features/accounts/reset-link-mailer.js';
import { TokenService } from './features/accounts/token.service.js';

/** What the app is built from; tests pass their own (an in-memory database, a temporary data folder, a fake clock). */
export interface AppDependencies {
  config: AppConfig;
  db: Database;
  logger: Logger;
  mail: MailPort;
  storage: StoragePort;
  queue: QueuePort;
  payments: PaymentPort;
  clock: Clock;
  tools: Record<string, boolean>;
}

/** A provider built by a plain function of other providers: services and repositories have no Nest decorators. */
function factory<T>(provide: abstract new (...args: never[]) => T, inject: unknown[], useFactory: (...args: never[]) => T): Provider {
  return { provide, inject: inject as never[], useFactory };
}

@Module({})
export class AppModule {
  static create(deps: AppDependencies): DynamicModule {
    const { config } = deps;
    return {
      module: AppModule,
      controllers: [
        SystemController, AuthController, AdminAuthController, CompressionController, ChunkUploadController, SandboxCheckoutController,
        FilesController, FoldersController, SubscriptionController, ConverterController,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DATABASE, useValue: deps.db },
        { provide: LOGGER, useValue: deps.logger },
        { provide: TOOLS, useValue: deps.tools },
        { provide: MailPort, useValue: deps.mail },
        { provide: StoragePort, useValue: deps.storage },
        { provide: QueuePort, useValue: deps.queue },
        { provide: PaymentPort, useValue: deps.payments },
        { provide: Clock, useValue: deps.clock },
        { provide: JwtService, useValue: new JwtService({ secret: config.jwtSecret }) },
        factory(UserRepository, [DATABASE], (db: Database) => new UserRepository(db)),
        factory(AdminRepository, [DATABASE], (db: Database) => new AdminRepository(db)),
        factory(ResetTokenRepository, [DATABASE], (db: Database) => new ResetTokenRepository(db)),
        factory(PasswordHasher, [], () => new PasswordHasher()),
        factory(AuthRateLimiter, [], () => new AuthRateLimiter()),
        factory(TokenService, [JwtService], (jwt: JwtService) => new TokenService(jwt, { user: config.userTokenTtl, admin: config.adminTokenTtl })),
        factory(Authenticator, [TokenService, UserRepository, AdminRepository], (t: TokenService, u: UserRepository, a: AdminRepository) => new Authenticator(t, u, a)),
        factory(
          AccountService,
          [UserRepository, ResetTokenRepository, PasswordHasher, TokenService, AuthRateLimiter, Clock],
          (u: UserRepository, r: ResetTokenRepository, h: PasswordHasher, t: TokenService, l: AuthRateLimiter, c: Clock) =>
            new AccountService(u, r, h, t, l, c),
        ),
        factory(BackgroundTasks, [LOGGER], (logger: Logger) => new BackgroundTasks(logger)),
        factory(
          ResetLinkMailer,
          [UserRepository, AdminRepository, ResetTokenRepository, MailPort, BackgroundTasks, Clock],
          (u: UserRepository, a: AdminRepository, r: ResetTokenRepository, m: MailPort, b: BackgroundTasks, c: Clock) =>
            new ResetLinkMailer(u, a, r, m, b, c, config.appUrl),
        ),
        factory(
          PasswordResetService,
          [UserRepository, AdminRepository, ResetTokenRepository, PasswordHasher, ResetLinkMailer, AuthRateLimiter, Clock],
          (u: UserRepository, a: AdminRepository, r: ResetTokenRepository, h: PasswordHasher, m: ResetLinkMailer, l: AuthRateLimiter, c: Clock) =>
            new PasswordResetService(u, a, r, h, m, l, c),
        ),
        factory(
          AdminAuthService,
          [AdminRepository, PasswordHasher, TokenService, AuthRateLimiter],
          (a: AdminRepository, h: PasswordHasher, t: TokenService, l: AuthRateLimiter) => new AdminAuthService(a, h, t, l),
        ),
        factory(CompressionJobRepository, [DATABASE], (db: Database) => new CompressionJobRepository(db)),
        factory(PaymentRepository, [DATABASE], (db: Database) => new PaymentRepository(db)),
        factory(OptionalUser, [Authenticator], (a: Authenticator) => new OptionalUser(a)),
        factory(DownloadTicketService, [Clock], (c: Clock) => new DownloadTicketService(config.downloadLinkSecret, config.appUrl, c)),
        factory(ChunkUploadService, [], () => new ChunkUploadService(`${config.dataDir}/uploads`)),
        factory(
          CompressionService,
          [CompressionJobRepository, PaymentRepository, StoragePort, QueuePort, PaymentPort, DownloadTicketService, Clock],
          (j: CompressionJobRepository, p: PaymentRepository, s: StoragePort, q: QueuePort, pay: PaymentPort, t: DownloadTicketService, c: Clock) =>
            new CompressionService(j, p, s, q, pay, t, c, { syncWaitMs: config.compressSyncWaitMs, unpaidBytesPerAddress: config.unpaidUploadsPerAddressBytes }),
        ),
        factory(PreviewService, [CompressionService, QueuePort], (c: CompressionService, q: QueuePort) => new PreviewService(c, q, `${config.tmpDir}/work`)),
        factory(FileRepository, [DATABASE], (db: Database) => new FileRepository(db)),
        factory(FolderRepository, [DATABASE], (db: Database) => new FolderRepository(db)),
        factory(BatchRepository, [DATABASE], (db: Database) => new BatchRepository(db)),
        factory(FolderService, [FolderRepository], (f: FolderRepository) => new FolderService(f)),
        factory(
          TrialService,
          [UserRepository, FileRepository, PaymentPort, Clock],
          (u: UserRepository, f: FileRepository, p: PaymentPort, c: Clock) => new TrialService(u, f, p, c),
        ),
        factory(
          FileLibraryService,
          [FileRepository, FolderRepository, StoragePort, DownloadTicketService, Clock],
          (f: FileRepository, d: FolderRepository, s: StoragePort, t: DownloadTicketService, c: Clock) => new FileLibraryService(f, d, s, t, c, config.appUrl),
        ),
        factory(
          FileUploadService,
          [FileRepository, FolderRepository, BatchRepository, CompressionJobRepository, StoragePort, QueuePort, Clock],
          (f: FileRepository, d: FolderRepository, b: BatchRepository, j: CompressionJobRepository, s: StoragePort, q: QueuePort, c: Clock) =>
            new FileUploadService(f, d, b, j, s, q, c, config.compressSyncWaitMs),
        ),
        factory(
          FileStoreService,
          [FileRepository, CompressionJobRepository, StoragePort, Clock],
          (f: FileRepository, j: CompressionJobRepository, s: StoragePort, c: Clock) => new FileStoreService(f, j, s, c),
        ),
        factory(
          AccountDeletionService,
          [UserRepository, FileRepository, CompressionJobRepository, StoragePort],
          (u: UserRepository, f: FileRepository, j: CompressionJobRepository, s: StoragePort) => new AccountDeletionService(u, f, j, s),
        ),
        factory(
          CompressFileJob,
          [CompressionJobRepository, StoragePort, CompressionService, FileStoreService, Clock, LOGGER],
          (j: CompressionJobRepository, s: StoragePort, c: CompressionService, f: FileStoreService, clock: Clock, l: Logger) =>
            new CompressFileJob(j, s, c, f, clock, `${config.tmpDir}/work`, l),
        ),
        factory(ConversionJobRepository, [DATABASE], (db: Database) => new ConversionJobRepository(db)),
        factory(
          ConverterService,
          [ConversionJobRepository, StoragePort, QueuePort, DownloadTicketService, Clock],
          (j: ConversionJobRepository, s: StoragePort, q: QueuePort, t: DownloadTicketService, c: Clock) =>
            new ConverterService(j, s, q, t, c, config.compressSyncWaitMs),
        ),
        factory(
          ConvertFileJob,
          [ConversionJobRepository, StoragePort, Clock, LOGGER],
          (j: ConversionJobRepository, s: StoragePort, c: Clock, l: Logger) => new ConvertFileJob(j, s, c, `${config.tmpDir}/work`, l),
        ),
        factory(
          SweeperService,
          [CompressionJobRepository, ConversionJobRepository, FileRepository, BatchRepository, ResetTokenRepository, StoragePort, ChunkUploadService, Clock, LOGGER],
          (
            j: CompressionJobRepository, v: ConversionJobRepository, f: FileRepository, b: BatchRepository, r: ResetTokenRepository,
            s: StoragePort, u: ChunkUploadService, c: Clock, l: Logger,
          ) =>
            new SweeperService(
              [
                expiredJobs(j, s), expiredConversions(v, s), abandonedUploads(u), expiredFiles(f, s), expiredBatches(b), expiredResetLinks(r),
                staleTempFiles(path.dirname(config.tmpDir), config.tmpDir),
              ],
              c, l,
            ),
        ),
        UserAuthGuard,
        AdminAuthGuard,
      ],
    };
  }
}
