import type { JwtService } from '@nestjs/jwt';
import { ErrorMessages } from '@shrinkly/contract';
import { UnauthorizedError } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';

export type TokenAudience = 'user' | 'admin';

interface TokenClaims {
  sub: string;
  /** The subject's token version when the token was issued. */
  ver: number;
}

/** Signs and checks bearer tokens. User and admin tokens have different audiences and never stand in for each other. */
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly ttl: Record<TokenAudience, string>,
  ) {}

  sign(audience: TokenAudience, subjectId: string, tokenVersion: number): string {
    const claims: TokenClaims = { sub: subjectId, ver: tokenVersion };
    return this.jwt.sign(claims, { audience, expiresIn: this.ttl[audience] as never, algorithm: 'HS256' });
  }

  /**
   * The claims of a valid token of this audience; an UnauthorizedError otherwise. Every token we sign expires and
   * names one of our ids, so one without an expiry or with another subject was not made here.
   */
  verify(audience: TokenAudience, token: string): TokenClaims {
    try {
      const claims = this.jwt.verify<TokenClaims & { exp?: unknown }>(token, { audience, algorithms: ['HS256'] });
      if (
        typeof claims.sub !== 'string' ||
        !isUuid(claims.sub) ||
        typeof claims.ver !== 'number' ||
        typeof claims.exp !== 'number'
      ) {
        throw new Error('malformed claims');
      }
      return { sub: claims.sub, ver: claims.ver };
    } catch {
      throw new UnauthorizedError(ErrorMessages.invalidToken);
    }
  }
}
