import { Controller, Param, Req } from '@nestjs/common';
import { type ApiKey, type CreatedApiKey, endpoints, type MessageResponse } from '@shrinkly/contract';
import type { Request } from 'express';
import { BuiltFrom } from '../../common/factory-provider.js';
import type { UserRow } from '../../db/schema/index.js';
import { CurrentUser } from '../../http/auth.guards.js';
import { clientIp } from '../../http/client-ip.js';
import { type BodyOf, Route, ValidBody } from '../../http/contract-route.js';
import { ApiKeyService } from './api-key.service.js';

/** The account's API keys, managed with the sign-in token only (a key cannot make or revoke keys). */
@Controller()
@BuiltFrom(ApiKeyService)
export class ApiKeysController {
  constructor(private readonly keys: ApiKeyService) {}

  @Route(endpoints.listApiKeys)
  list(@CurrentUser() user: UserRow): Promise<ApiKey[]> {
    return this.keys.list(user);
  }

  @Route(endpoints.createApiKey)
  create(
    @CurrentUser() user: UserRow,
    @ValidBody() body: BodyOf<typeof endpoints.createApiKey>,
    @Req() req: Request,
  ): Promise<CreatedApiKey> {
    return this.keys.create(user, body, clientIp(req));
  }

  @Route(endpoints.revokeApiKey)
  async revoke(@CurrentUser() user: UserRow, @Param('id') id: string, @Req() req: Request): Promise<MessageResponse> {
    await this.keys.revoke(user, id, clientIp(req));
    return { message: 'API key revoked' };
  }
}
