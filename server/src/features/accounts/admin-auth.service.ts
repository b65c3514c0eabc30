import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorMessages } from '@shrinkly/contract';
import type { Logger } from 'pino';
import { UnauthorizedError } from '../../common/errors.js';
import type { AdminRow } from '../../db/schema/index.js';
import type { AdminRepository } from './admin.repository.js';
import type { AuthRateLimiter } from './auth-rate-limiter.js';
import type { PasswordHasher } from './password-hasher.js';
import type { TokenService } from './token.service.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@shrinkly.local';

/** Told of each successful administrator sign-in, with the caller's address (the admin audit trail). */
export type AdminSignInListener = (admin: AdminRow, ip: string) => Promise<void>;

/** Administrator sign-in and the first administrator account. */
export class AdminAuthService {
  private readonly signInListeners: AdminSignInListener[] = [];

  constructor(
    private readonly admins: AdminRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly limiter: AuthRateLimiter,
  ) {}

  /** Another capability (the admin audit trail) registers here to hear of successful sign-ins. */
  onSignIn(listener: AdminSignInListener): void {
    this.signInListeners.push(listener);
  }

  async login(input: { email: string; password: string }, ip: string): Promise<{ token: string }> {
    const attempt = await this.limiter.startSignIn('admin-login', input.email, ip);
    const admin = await this.admins.findByEmail(input.email);
    const ok = await this.hasher.verify(admin?.passwordHash, input.password);
    if (!admin || !ok) throw new UnauthorizedError(ErrorMessages.invalidCredentials);
    await attempt.succeeded();
    for (const listener of this.signInListeners) await listener(admin, ip);
    return { token: this.tokens.sign('admin', admin.id, admin.tokenVersion) };
  }

  /**
   * Makes sure an administrator exists: ADMIN_EMAIL / ADMIN_PASSWORD when set (created if that address has no
   * account yet); otherwise, on a database without administrators, one with a generated password written once to
   * `passwordFile`, readable by this user only (the log says where, never the password: logs travel further).
   */
  async ensureAdmin(
    config: { email: string | undefined; password: string | undefined; passwordFile: string },
    logger: Logger,
  ): Promise<void> {
    if (config.email) {
      if (await this.admins.findByEmail(config.email)) return;
      if (config.password) {
        await this.admins.create({ email: config.email, passwordHash: await this.hasher.hash(config.password) });
        logger.info({ email: config.email }, 'administrator account created from ADMIN_EMAIL / ADMIN_PASSWORD');
        return;
      }
      return this.createWithGeneratedPassword(config.email, config.passwordFile, logger);
    }
    if ((await this.admins.count()) > 0) return;
    return this.createWithGeneratedPassword(DEFAULT_ADMIN_EMAIL, config.passwordFile, logger);
  }

  private async createWithGeneratedPassword(email: string, file: string, logger: Logger): Promise<void> {
    const password = randomBytes(18).toString('base64url');
    // Written before the account exists, so a password nobody can read never guards an account.
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${email}\n${password}\n`, { mode: 0o600 });
    await chmod(file, 0o600);
    await this.admins.create({ email, passwordHash: await this.hasher.hash(password) });
    logger.warn(
      { email, file },
      'administrator account created with a generated password, written to this file (readable only by this user): sign in at /adminadmin, then delete it',
    );
  }
}
