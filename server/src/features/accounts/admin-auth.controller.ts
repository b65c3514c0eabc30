import { Controller, Req } from '@nestjs/common';
import { type AdminLoginResponse, endpoints, type MessageResponse } from '@shrinkly/contract';
import type { Request } from 'express';
import { BuiltFrom } from '../../common/factory-provider.js';
import { clientIp } from '../../http/client-ip.js';
import { type BodyOf, Route, ValidBody } from '../../http/contract-route.js';
import { AdminAuthService } from './admin-auth.service.js';
import { PasswordResetService } from './password-reset.service.js';

@Controller()
@BuiltFrom(AdminAuthService, PasswordResetService)
export class AdminAuthController {
  constructor(
    private readonly adminAuth: AdminAuthService,
    private readonly resets: PasswordResetService,
  ) {}

  @Route(endpoints.adminLogin)
  login(@ValidBody() body: BodyOf<typeof endpoints.adminLogin>, @Req() req: Request): Promise<AdminLoginResponse> {
    return this.adminAuth.login(body, clientIp(req));
  }

  @Route(endpoints.adminRequestReset)
  async requestReset(
    @ValidBody() body: BodyOf<typeof endpoints.adminRequestReset>,
    @Req() req: Request,
  ): Promise<MessageResponse> {
    await this.resets.requestAdminReset(body.email, clientIp(req));
    return { message: 'If that address belongs to an administrator, a reset email has been sent.' };
  }
}
