import { Controller, Req } from '@nestjs/common';
import {
  type AuthResponse,
  changePasswordSchema,
  endpoints,
  type MessageResponse,
  type ResetPasswordResponse,
  type User,
} from '@shrinkly/contract';
import type { Request } from 'express';
import { BuiltFrom } from '../../common/factory-provider.js';
import type { UserRow } from '../../db/schema/index.js';
import { CurrentUser } from '../../http/auth.guards.js';
import { clientIp } from '../../http/client-ip.js';
import { type BodyOf, Route, ValidBody } from '../../http/contract-route.js';
import { AccountService } from './account.service.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { Authenticator } from './authenticator.js';
import { PasswordResetService } from './password-reset.service.js';

const FORGOT_MESSAGE = 'If an account exists for that email, a password reset link has been sent.';

@Controller()
@BuiltFrom(AccountService, PasswordResetService, Authenticator, AccountDeletionService)
export class AuthController {
  constructor(
    private readonly accounts: AccountService,
    private readonly resets: PasswordResetService,
    private readonly auth: Authenticator,
    private readonly deletion: AccountDeletionService,
  ) {}

  @Route(endpoints.register)
  register(@ValidBody() body: BodyOf<typeof endpoints.register>, @Req() req: Request): Promise<AuthResponse> {
    return this.accounts.register(body, clientIp(req));
  }

  @Route(endpoints.login)
  login(@ValidBody() body: BodyOf<typeof endpoints.login>, @Req() req: Request): Promise<AuthResponse> {
    return this.accounts.login(body, clientIp(req));
  }

  @Route(endpoints.me)
  me(@CurrentUser() user: UserRow): User {
    return this.accounts.view(user);
  }

  @Route(endpoints.updatePreferences)
  updatePreferences(@CurrentUser() user: UserRow, @ValidBody() body: BodyOf<typeof endpoints.updatePreferences>): Promise<User> {
    return this.accounts.updatePreferences(user, body);
  }

  @Route(endpoints.forgotPassword)
  async forgotPassword(
    @ValidBody() body: BodyOf<typeof endpoints.forgotPassword>,
    @Req() req: Request,
  ): Promise<MessageResponse> {
    await this.resets.requestUserReset(body.email, clientIp(req));
    return { message: FORGOT_MESSAGE };
  }

  @Route(endpoints.resetPassword)
  async resetPassword(
    @ValidBody() body: BodyOf<typeof endpoints.resetPassword>,
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

  @Route(endpoints.deleteAccount)
  async deleteAccount(@CurrentUser() user: UserRow): Promise<MessageResponse> {
    await this.deletion.delete(user.id);
    return { message: 'Account deleted' };
  }
}
