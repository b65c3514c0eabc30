import type { Endpoint } from '@shrinkly/contract';
import type { Request, Response } from 'express';
import type { UserRow } from '../db/schema/index.js';

/**
 * Who an API key on a request belongs to, for the route it calls: the account, or null when the request carries no
 * key; a key that is unknown, revoked, outside the route's scope or over its rate limit throws (401, 403, 429). The
 * API keys feature provides it, so HTTP names no feature.
 */
export abstract class ApiKeyAuthenticator {
  abstract admit(req: Request, res: Response, endpoint: Endpoint): Promise<UserRow | null>;
}
