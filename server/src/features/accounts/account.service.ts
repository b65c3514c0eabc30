import { type AuthResponse, ErrorMessages, type User } from '@shrinkly/contract';
import type { Clock } from '../../common/clock.js';
import { ConflictError, UnauthorizedError } from '../../common/errors.js';
import type { UserRow } from '../../db/schema/index.js';
import { toUserView } from '../../read-models/user-view.js';
import type { AuthRateLimiter } from './auth-rate-limiter.js';
import type { PasswordHasher } from './password-hasher.js';
import type { ResetTokenRepository } from './reset-token.repository.js';
import type { TokenService } from './token.service.js';
import type { UserRepository } from './user.repository.js';

/** Sign-up, sign-in, password change and account deletion for users. */
export class AccountService {
  constructor(
    private readonly users: UserRepository,
    private readonly resetTokens: ResetTokenRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly limiter: AuthRateLimiter,
    private readonly clock: Clock,
  ) {}

  async register(input: { name: string; email: string; password: string }, ip: string): Promise<AuthResponse> {
    await this.limiter.assertAllowed('register', ip, input.email);
    const passwordHash = await this.hasher.hash(input.password);
    const row = await this.users.create({ name: input.name, email: input.email, passwordHash });
    if (!row) {
      await this.limiter.record('register', ip, input.email);
      throw new ConflictError(ErrorMessages.userExists);
    }
    return this.session(row);
  }

  async login(input: { email: string; password: string }, ip: string): Promise<AuthResponse> {
    const attempt = await this.limiter.startSignIn('login', input.email, ip);
    const row = await this.users.findByEmail(input.email);
    const ok = await this.hasher.verify(row?.passwordHash, input.password);
    if (!row || !ok) throw new UnauthorizedError(ErrorMessages.invalidCredentials);
    await attempt.succeeded();
    await this.users.recordSignIn(row.id, this.clock.now());
    return this.session(row);
  }

  view(row: UserRow): User {
    return toUserView(row, this.clock.now());
  }

  /** Saves the user's choices between uploads; the answer is the user with them. */
  async updatePreferences(user: UserRow, preferences: Pick<UserRow, 'photoData'>): Promise<User> {
    const row = await this.users.updatePreferences(user.id, preferences);
    return this.view(row ?? { ...user, ...preferences });
  }

  /**
   * Changes the password of a signed-in user after checking the current one; every older session and every reset
   * link still outstanding ends.
   */
  async changePassword(user: UserRow, input: { currentPassword: string; newPassword: string }, ip: string): Promise<void> {
    const attempt = await this.limiter.startSignIn('change-password', user.id, ip);
    if (!(await this.hasher.verify(user.passwordHash, input.currentPassword))) {
      throw new UnauthorizedError(ErrorMessages.wrongCurrentPassword);
    }
    await attempt.succeeded();
    await this.resetTokens.revokeAll({ userId: user.id }, this.clock.now());
    await this.users.updatePassword(user.id, await this.hasher.hash(input.newPassword));
  }

  private session(row: UserRow): AuthResponse {
    return { token: this.tokens.sign('user', row.id, row.tokenVersion), user: this.view(row) };
  }
}
