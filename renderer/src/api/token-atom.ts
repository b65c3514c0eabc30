import { atomWithStorage } from 'jotai/utils';
import { platform } from '../platform';
import { readStoredToken, writeStoredToken } from './token-storage';

/**
 * An atom over a bearer token kept in the platform's storage as a raw string (not JSON), so the stored value is the
 * token itself. It reads storage on first use, so a reload starts signed in, and it follows changes made in other tabs.
 */
export function tokenAtom(key: string) {
  return atomWithStorage<string | null>(
    key,
    null,
    {
      getItem: (storageKey) => readStoredToken(storageKey),
      setItem: (storageKey, value) => writeStoredToken(storageKey, value),
      removeItem: (storageKey) => writeStoredToken(storageKey, null),
      subscribe: (storageKey, callback) => platform.storage.subscribe(storageKey, callback),
    },
    { getOnInit: true },
  );
}
