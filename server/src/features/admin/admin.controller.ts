import { Controller, Param, Req } from '@nestjs/common';
import {
  type AdminAuditEntry,
  type AdminUserList,
  type ApiKey,
  endpoints,
  type MessageResponse,
  type Revenue,
} from '@shrinkly/contract';
import type { Request } from 'express';
import { BuiltFrom } from '../../common/factory-provider.js';
import type { AdminRow } from '../../db/schema/index.js';
import { CurrentAdmin } from '../../http/auth.guards.js';
import { clientIp } from '../../http/client-ip.js';
import { type BodyOf, type QueryOf, Route, ValidBody, ValidQuery } from '../../http/contract-route.js';
import { ApiKeyService } from '../api-keys/api-key.service.js';
import { AdminAuditService, apiKeyTarget } from './admin-audit.service.js';
import { AdminUsersService } from './admin-users.service.js';
import { RevenueService } from './revenue.service.js';

@Controller()
@BuiltFrom(AdminUsersService, RevenueService, AdminAuditService, ApiKeyService)
export class AdminController {
  constructor(
    private readonly users: AdminUsersService,
    private readonly revenue: RevenueService,
    private readonly audit: AdminAuditService,
    private readonly apiKeys: ApiKeyService,
  ) {}

  @Route(endpoints.adminUsers)
  listUsers(@ValidQuery() query: QueryOf<typeof endpoints.adminUsers>): Promise<AdminUserList> {
    return this.users.list(query);
  }

  @Route(endpoints.adminRevenue)
  report(): Promise<Revenue> {
    return this.revenue.report();
  }

  @Route(endpoints.adminResetUserPassword)
  async resetPassword(@Param('id') id: string, @CurrentAdmin() admin: AdminRow, @Req() req: Request): Promise<MessageResponse> {
    await this.users.sendPasswordReset(id);
    await this.audit.record(admin, 'reset-password', id, clientIp(req));
    return { message: 'A password reset email has been sent to the user.' };
  }

  @Route(endpoints.adminTerminateUser)
  async terminate(@Param('id') id: string, @CurrentAdmin() admin: AdminRow, @Req() req: Request): Promise<MessageResponse> {
    await this.users.terminate(id);
    await this.audit.record(admin, 'terminate', id, clientIp(req));
    return { message: 'The account has been terminated.' };
  }

  @Route(endpoints.adminUserApiKeys)
  userApiKeys(@Param('id') id: string): Promise<ApiKey[]> {
    return this.apiKeys.listForStaff(id);
  }

  @Route(endpoints.adminRevokeApiKey)
  async revokeApiKey(
    @Param('id') id: string,
    @Param('keyId') keyId: string,
    @CurrentAdmin() admin: AdminRow,
    @Req() req: Request,
  ): Promise<MessageResponse> {
    const prefix = await this.apiKeys.revokeForStaff(id, keyId);
    await this.audit.record(admin, 'revoke-api-key', apiKeyTarget(id, prefix), clientIp(req));
    return { message: 'API key revoked' };
  }

  @Route(endpoints.adminAudit)
  listAudit(): Promise<AdminAuditEntry[]> {
    return this.audit.latest();
  }

  @Route(endpoints.adminRecordExport)
  async recordExport(
    @ValidBody() body: BodyOf<typeof endpoints.adminRecordExport>,
    @CurrentAdmin() admin: AdminRow,
    @Req() req: Request,
  ): Promise<MessageResponse> {
    await this.audit.record(admin, body.list === 'users' ? 'export-users' : 'export-revenue', body.list, clientIp(req));
    return { message: 'Export recorded.' };
  }
}
