import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { RateCounters } from '../../adapters/rate-counters/rate-counters.port.js';
import { APP_CONFIG, DATABASE } from '../../app.tokens.js';
import { BackgroundTasks } from '../../common/background-tasks.js';
import { Clock } from '../../common/clock.js';
import { construct, factory } from '../../common/factory-provider.js';
import type { AppConfig } from '../../config/app.config.js';
import { ApiKeyGuard } from '../../http/api-key.guard.js';
import { ApiKeyAuthenticator } from '../../http/api-key-authenticator.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { UserRepository } from '../accounts/user.repository.js';
import { ApiKeyRepository } from './api-key.repository.js';
import { ApiKeyService } from './api-key.service.js';
import { ApiKeyAccess } from './api-key-access.js';
import { ApiKeysController } from './api-keys.controller.js';

/** API keys: made on the settings page, they sign in every route the contract opens to keys (ApiKeyGuard, for all routes). */
@Module({
  imports: [AccountsModule],
  controllers: [ApiKeysController],
  providers: [
    construct(ApiKeyRepository, [DATABASE]),
    construct(ApiKeyService, [ApiKeyRepository, RateCounters, Clock]),
    factory(
      ApiKeyAccess,
      [ApiKeyRepository, UserRepository, RateCounters, BackgroundTasks, Clock, APP_CONFIG],
      (k: ApiKeyRepository, u: UserRepository, r: RateCounters, t: BackgroundTasks, c: Clock, config: AppConfig) =>
        new ApiKeyAccess(k, u, r, t, c, config.apiKeyRequestsPerMinute),
    ),
    { provide: ApiKeyAuthenticator, useExisting: ApiKeyAccess },
    { provide: APP_GUARD, useClass: ApiKeyGuard },
  ],
  exports: [ApiKeyService],
})
export class ApiKeysModule {}
