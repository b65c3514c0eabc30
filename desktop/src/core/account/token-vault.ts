import type { KeyValueStore, SecretCipher } from '../ports.js';

const TOKEN_KEY = 'account.token';

/**
 * The sign-in token: encrypted with the operating system's key (SecretCipher) before it touches the store, and
 * only in memory when the system offers no secure storage. The plain token is never written anywhere.
 */
export class TokenVault {
  private token: string | null = null;

  constructor(
    private readonly store: KeyValueStore,
    private readonly cipher: SecretCipher,
  ) {
    this.token = this.readStored();
  }

  get(): string | null {
    return this.token;
  }

  /** Keeps the token; answers whether it outlives the app (false: no secure storage, memory only). */
  set(token: string): boolean {
    this.token = token;
    if (!this.cipher.isAvailable()) {
      this.store.delete(TOKEN_KEY);
      return false;
    }
    this.store.set(TOKEN_KEY, this.cipher.encrypt(token).toString('base64'));
    return true;
  }

  clear(): void {
    this.token = null;
    this.store.delete(TOKEN_KEY);
  }

  /** Whether the current token is kept across restarts. */
  get persisted(): boolean {
    return this.token !== null && typeof this.store.get(TOKEN_KEY) === 'string';
  }

  private readStored(): string | null {
    const stored = this.store.get(TOKEN_KEY);
    if (typeof stored !== 'string' || !this.cipher.isAvailable()) return null;
    try {
      return this.cipher.decrypt(Buffer.from(stored, 'base64'));
    } catch {
      // Encrypted with a key this system no longer has (a new user profile, a reset keyring): sign in again.
      this.store.delete(TOKEN_KEY);
      return null;
    }
  }
}
