import { Module } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { MailPort } from '../../adapters/mail/mail.port.js';
import { RateCounters } from '../../adapters/rate-counters/rate-counters.port.js';
import { StoragePort } from '../../adapters/storage/storage.port.js';
import { APP_CONFIG, DATABASE } from '../../app.tokens.js';
import { BackgroundTasks } from '../../common/background-tasks.js';
import { Clock } from '../../common/clock.js';
import { BuiltFrom, construct, factory } from '../../common/factory-provider.js';
import { SweepTasks } from '../../common/sweep-tasks.js';
import type { AppConfig } from '../../config/app.config.js';
import { AdminAuthGuard, UserAuthGuard } from '../../http/auth.guards.js';
import { RequestAuthenticator } from '../../http/request-authenticator.js';
import { AccountService } from './account.service.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { AdminRepository } from './admin.repository.js';
import { AdminAuthController } from './admin-auth.controller.js';
import { AdminAuthService } from './admin-auth.service.js';
import { AuthController } from './auth.controller.js';
import { AuthRateLimiter } from './auth-rate-limiter.js';
import { Authenticator } from './authenticator.js';
import { OptionalUser } from './optional-user.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordResetService } from './password-reset.service.js';
import { ResetLinkMailer } from './reset-link-mailer.js';
import { ResetTokenRepository } from './reset-token.repository.js';
import { TokenService } from './token.service.js';
import { UserRepository } from './user.repository.js';

/** Accounts: sign-up, sign-in, tokens, password resets, account deletion, and the administrators' sign-in. */
@Module({
  controllers: [AuthController, AdminAuthController],
  providers: [
    construct(UserRepository, [DATABASE]),
    construct(AdminRepository, [DATABASE]),
    construct(ResetTokenRepository, [DATABASE]),
    construct(PasswordHasher, []),
    construct(AuthRateLimiter, [RateCounters]),
    factory(
      TokenService,
      [JwtService, APP_CONFIG],
      (jwt: JwtService, config: AppConfig) => new TokenService(jwt, { user: config.userTokenTtl, admin: config.adminTokenTtl }),
    ),
    construct(Authenticator, [TokenService, UserRepository, AdminRepository]),
    // The route guards (http/auth.guards.ts) ask HTTP's port; this feature answers it.
    { provide: RequestAuthenticator, useExisting: Authenticator },
    construct(OptionalUser, [Authenticator]),
    construct(AccountService, [UserRepository, ResetTokenRepository, PasswordHasher, TokenService, AuthRateLimiter, Clock]),
    factory(
      ResetLinkMailer,
      [UserRepository, AdminRepository, ResetTokenRepository, MailPort, BackgroundTasks, Clock, APP_CONFIG],
      (
        u: UserRepository,
        a: AdminRepository,
        r: ResetTokenRepository,
        m: MailPort,
        b: BackgroundTasks,
        c: Clock,
        config: AppConfig,
      ) => new ResetLinkMailer(u, a, r, m, b, c, config.appUrl),
    ),
    construct(PasswordResetService, [
      UserRepository,
      AdminRepository,
      ResetTokenRepository,
      PasswordHasher,
      ResetLinkMailer,
      AuthRateLimiter,
      Clock,
    ]),
    construct(AdminAuthService, [AdminRepository, PasswordHasher, TokenService, AuthRateLimiter]),
    construct(AccountDeletionService, [UserRepository, StoragePort]),
    UserAuthGuard,
    AdminAuthGuard,
  ],
  exports: [
    UserRepository,
    ResetTokenRepository,
    ResetLinkMailer,
    Authenticator,
    RequestAuthenticator,
    OptionalUser,
    AdminAuthService,
    AccountDeletionService,
    UserAuthGuard,
    AdminAuthGuard,
  ],
})
@BuiltFrom(SweepTasks, ResetTokenRepository)
export class AccountsModule {
  constructor(sweeps: SweepTasks, tokens: ResetTokenRepository) {
    // Password reset links past their hour, used or not: nothing can be done with them any more.
    sweeps.register({ name: 'resetLinks', sweep: (now) => tokens.deleteExpired(now) });
  }
}
