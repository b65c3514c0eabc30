import { Inject, Module } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { MailPort } from '../../adapters/mail/mail.port.js';
import { RateCounters } from '../../adapters/rate-counters/rate-counters.port.js';
import { StoragePort } from '../../adapters/storage/storage.port.js';
import { APP_CONFIG, DATABASE } from '../../app.tokens.js';
import { BackgroundTasks } from '../../common/background-tasks.js';
import { Clock } from '../../common/clock.js';
import { factory } from '../../common/factory-provider.js';
import { SweepTasks } from '../../common/sweep-tasks.js';
import type { AppConfig } from '../../config/app.config.js';
import type { Database } from '../../db/client.js';
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
    factory(UserRepository, [DATABASE], (db: Database) => new UserRepository(db)),
    factory(AdminRepository, [DATABASE], (db: Database) => new AdminRepository(db)),
    factory(ResetTokenRepository, [DATABASE], (db: Database) => new ResetTokenRepository(db)),
    factory(PasswordHasher, [], () => new PasswordHasher()),
    factory(AuthRateLimiter, [RateCounters], (c: RateCounters) => new AuthRateLimiter(c)),
    factory(
      TokenService,
      [JwtService, APP_CONFIG],
      (jwt: JwtService, config: AppConfig) => new TokenService(jwt, { user: config.userTokenTtl, admin: config.adminTokenTtl }),
    ),
    factory(
      Authenticator,
      [TokenService, UserRepository, AdminRepository],
      (t: TokenService, u: UserRepository, a: AdminRepository) => new Authenticator(t, u, a),
    ),
    // The route guards (http/auth.guards.ts) ask HTTP's port; this feature answers it.
    { provide: RequestAuthenticator, useExisting: Authenticator },
    factory(OptionalUser, [Authenticator], (a: Authenticator) => new OptionalUser(a)),
    factory(
      AccountService,
      [UserRepository, ResetTokenRepository, PasswordHasher, TokenService, AuthRateLimiter, Clock],
      (u: UserRepository, r: ResetTokenRepository, h: PasswordHasher, t: TokenService, l: AuthRateLimiter, c: Clock) =>
        new AccountService(u, r, h, t, l, c),
    ),
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
    factory(
      PasswordResetService,
      [UserRepository, AdminRepository, ResetTokenRepository, PasswordHasher, ResetLinkMailer, AuthRateLimiter, Clock],
      (
        u: UserRepository,
        a: AdminRepository,
        r: ResetTokenRepository,
        h: PasswordHasher,
        m: ResetLinkMailer,
        l: AuthRateLimiter,
        c: Clock,
      ) => new PasswordResetService(u, a, r, h, m, l, c),
    ),
    factory(
      AdminAuthService,
      [AdminRepository, PasswordHasher, TokenService, AuthRateLimiter],
      (a: AdminRepository, h: PasswordHasher, t: TokenService, l: AuthRateLimiter) => new AdminAuthService(a, h, t, l),
    ),
    factory(
      AccountDeletionService,
      [UserRepository, StoragePort],
      (u: UserRepository, s: StoragePort) => new AccountDeletionService(u, s),
    ),
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
export class AccountsModule {
  constructor(@Inject(SweepTasks) sweeps: SweepTasks, @Inject(ResetTokenRepository) tokens: ResetTokenRepository) {
    // Password reset links past their hour, used or not: nothing can be done with them any more.
    sweeps.register({ name: 'resetLinks', sweep: (now) => tokens.deleteExpired(now) });
  }
}
