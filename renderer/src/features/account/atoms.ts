import { tokenAtom } from '../../api/token-atom';
import { USER_TOKEN_KEY } from '../../api/token-storage';

/** The signed-in user's bearer token (stored as `auth_token`), or null when signed out. */
export const authTokenAtom = tokenAtom(USER_TOKEN_KEY);
