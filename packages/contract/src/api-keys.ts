/** What an API key may do; a route names the scope it needs, and a key without it gets 403. */
export const API_KEY_SCOPES = ['compress', 'convert', 'files:read', 'files:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this, so a leaked key is recognisable (and secret scanners can match it). */
export const API_KEY_PREFIX = 'shr_';
