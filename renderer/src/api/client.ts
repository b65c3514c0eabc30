import { createApiClient } from '@shrinkly/contract';
import { ADMIN_TOKEN_KEY, readStoredToken, USER_TOKEN_KEY } from './token-storage';

/** The typed contract client, same-origin, sending the stored token of the route's audience. */
export const api = createApiClient({
  getToken: (audience) => readStoredToken(audience === 'admin' ? ADMIN_TOKEN_KEY : USER_TOKEN_KEY),
});
