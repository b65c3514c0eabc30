import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { type AdminLoginResponse, endpoints, type MessageResponse } from '@shrinkly/contract';
import type { Request } from 'express';
import type { z } from 'zod';
import { ZodBodyPipe } from '../../http/zod-body.pipe.js';
import { clientIp } from '../../http/client-ip.js';
import { AdminAuthService } from './admin-auth.service.js';
import { PasswordResetService } from './password-reset.service.js';

@Controller('api/admin')
export class AdminAuthController {
  constructor(
    @Inject(AdminAuthService) private readonly adminAuth: AdminAuthService,
    @Inject(PasswordResetService) private readonly resets: PasswordResetService,
  ) {}

  @Post('login')
  @HttpCode(200)
  login(
    @Body(new ZodBodyPipe(endpoints.adminLogin.request)) body: z.output<typeof endpoints.adminLogin.request>,
    @Req() req: Request,
  ): Promise<AdminLoginResponse> {
    return this.adminAuth.login(body, clientIp(req));
  }

  @Post('reset-password')
  @HttpCode(200)
  async requestReset(
    @Body(new ZodBodyPipe(endpoints.adminRequestReset.request)) body: z.output<typeof endpoints.adminRequestReset.request>,
    @Req() req: Request,
  ): Promise<MessageResponse> {
    await this.resets.requestAdminReset(body.email, clientIp(req));
    return { message: 'If that address belongs to an administrator, a reset email has been sent.' };
  }
}
