import { Module } from '@nestjs/common';
import { DATABASE } from '../../app.tokens.js';
import { Clock } from '../../common/clock.js';
import { BuiltFrom, construct } from '../../common/factory-provider.js';
import { AccountDeletionService } from '../accounts/account-deletion.service.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AdminAuthService } from '../accounts/admin-auth.service.js';
import { ResetLinkMailer } from '../accounts/reset-link-mailer.js';
import { UserRepository } from '../accounts/user.repository.js';
import { ApiKeyService } from '../api-keys/api-key.service.js';
import { ApiKeysModule } from '../api-keys/api-keys.module.js';
import { AdminController } from './admin.controller.js';
import { AdminAuditRepository } from './admin-audit.repository.js';
import { AdminAuditService, apiKeyTarget } from './admin-audit.service.js';
import { AdminUsersService } from './admin-users.service.js';
import { RevenueRepository } from './revenue.repository.js';
import { RevenueService } from './revenue.service.js';
import { UserDirectoryRepository } from './user-directory.repository.js';

/** The admin panel's API: client accounts (list, reset, terminate, API keys), revenue, and the audit trail. */
@Module({
  imports: [AccountsModule, ApiKeysModule],
  controllers: [AdminController],
  providers: [
    construct(UserDirectoryRepository, [DATABASE]),
    construct(RevenueRepository, [DATABASE]),
    construct(AdminAuditRepository, [DATABASE]),
    construct(AdminUsersService, [UserDirectoryRepository, UserRepository, ResetLinkMailer, AccountDeletionService, Clock]),
    construct(RevenueService, [RevenueRepository, Clock]),
    construct(AdminAuditService, [AdminAuditRepository, Clock]),
  ],
})
@BuiltFrom(AdminAuthService, AdminAuditService, ApiKeyService)
export class AdminModule {
  constructor(adminAuth: AdminAuthService, audit: AdminAuditService, apiKeys: ApiKeyService) {
    adminAuth.onSignIn((admin, ip) => audit.record(admin, 'sign-in', null, ip));
    apiKeys.registerAuditor(({ action, user, prefix, clientAddress }) =>
      audit.record({ id: null, email: user.email }, action, apiKeyTarget(user.id, prefix), clientAddress),
    );
  }
}
