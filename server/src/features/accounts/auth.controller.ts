import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import {
  type AuthResponse,
  changePasswordSchema,
  endpoints,
  type MessageResponse,
  type ResetPasswordResponse,
  type User,
} from '@shrinkly/contract';
import type { Request } from 'express';
import type { z } from 'zod';
import { ZodBodyPipe } from '../../http/zod-body.pipe.js';
import type { UserRow } from '../../db/schema/index.js';
import { CurrentUser, UserAuthGuard } from './auth.guards.js';
import { Authenticator } from './authenticator.js';
import { clientIp } from '../../http/client-ip.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { AccountService } from './account.service.js';
import { PasswordResetService } from './password-reset.service.js';

const FORGOT_MESSAGE = 'If an account exists for that email, a password reset link has been sent.';

@Controller('api/auth')
export class AuthController {
  constructor(
    @Inject(AccountService) private readonly accounts: AccountService,
    @Inject(PasswordResetService) private readonly resets: PasswordResetService,
    @Inject(Authenticator) private readonly auth: Authenticator,
    @Inject(AccountDeletionService) private readonly deletion: AccountDeletionService,
  ) {}

  @Post('register')
  @HttpCode(201)
  register(
    @Body(new ZodBodyPipe(endpoints.register.request)) body: z.output<typeof endpoints.register.request>,
    @Req() req: Request,
  ): Promise<AuthResponse> {
    return this.accounts.register(body, clientIp(req));
  }

  @Post('login')
  @HttpCode(200)
  login(
    @Body(new ZodBodyPipe(endpoints.login.request)) body: z.output<typeof endpoints.login.request>,
    @Req() req: Request,
  ): Promise<AuthResponse> {
    return this.accounts.login(body, clientIp(req));
  }

  @Get('me')
  @UseGuards(UserAuthGuard)
  me(@CurrentUser() user: UserRow): User {
    return this.accounts.view(user);
  }

  @Post('forgot-password')
  @HttpCode(200)
  async forgotPassword(
    @Body(new ZodBodyPipe(endpoints.forgotPassword.request)) body: z.output<typeof endpoints.forgotPassword.request>,
    @Req() req: Request,
  ): Promise<MessageResponse> {
    await this.resets.requestUserReset(body.email, clientIp(req));
    return { message: FORGOT_MESSAGE };
  }

  @Post('reset-password')
  @HttpCode(200)
  async resetPassword(
    @Body(new ZodBodyPipe(endpoints.resetPassword.request)) body: z.output<typeof endpoints.resetPassword.request>,
    @Req() req: Request,
  ): Promise<ResetPasswordResponse> {
    if ('token' in body) {
      const audience = await this.resets.resetWithToken(body.token, body.password, clientIp(req));
      return { message: 'Password has been reset', audience };
    }
    const user = await this.auth.user(req);
    await this.accounts.changePassword(user, changePasswordSchema.parse(body), clientIp(req));
    return { message: 'Password has been changed', audience: 'user' };
  }

  @Delete('delete-account')
  @UseGuards(UserAuthGuard)
  async deleteAccount(@CurrentUser() user: UserRow): Promise<MessageResponse> {
    await this.deletion.delete(user.id);
    return { message: 'Account deleted' };
  }
}
