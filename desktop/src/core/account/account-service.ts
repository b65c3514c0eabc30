import {
  type ApiClient,
  ApiError,
  createApiClient,
  type DesktopAccount,
  type Folder,
  planFromFlags,
  type User,
  userSchema,
} from '@shrinkly/contract';
import { DesktopRequestError } from '../ipc-router.js';
import type { KeyValueStore } from '../ports.js';
import type { SettingsStore } from '../settings/settings-store.js';
import type { TokenVault } from './token-vault.js';

const USER_KEY = 'account.user';
const SERVER_KEY = 'account.serverUrl';

export interface AccountServiceOptions {
  store: KeyValueStore;
  vault: TokenVault;
  settings: SettingsStore;
  fetch: typeof fetch;
  /** The account changed (sign-in, sign-out, a refreshed plan, a token the server refused). */
  changed: (account: DesktopAccount) => void;
}

/** Sync is for trial and premium accounts (the server checks it again on every upload). */
export function maySync(user: User | null): boolean {
  return user !== null && planFromFlags(user) !== 'free';
}

/** A call that did not reach the server (offline, DNS, refused connection), as opposed to an answer. */
export function isUnreachable(err: unknown): boolean {
  return !(err instanceof ApiError) && err instanceof Error && err.name !== 'AbortError';
}

/**
 * Who is signed in on the configured server. The token lives in the TokenVault; the user's profile is kept in
 * the store (not secret) so the app shows the account offline. Changing the server signs out: a token belongs to
 * the server that issued it.
 */
export class AccountService {
  private user: User | null;

  constructor(private readonly options: AccountServiceOptions) {
    const stored = userSchema.safeParse(options.store.get(USER_KEY));
    const sameServer = options.store.get(SERVER_KEY) === options.settings.get().serverUrl;
    this.user = stored.success && sameServer && options.vault.get() ? stored.data : null;
    if (!this.user) this.forget();
    options.settings.onChange((next, previous) => {
      if (next.serverUrl !== previous.serverUrl && this.user) this.signOut();
    });
  }

  current(): DesktopAccount {
    return {
      serverUrl: this.options.settings.get().serverUrl,
      user: this.user,
      maySync: maySync(this.user),
      tokenPersisted: this.user !== null && this.options.vault.persisted,
    };
  }

  /** The API of the configured server, with the token when signed in. */
  client(): ApiClient {
    return createApiClient({
      baseUrl: this.options.settings.get().serverUrl,
      getToken: () => this.options.vault.get(),
      fetch: this.options.fetch,
    });
  }

  async signIn(email: string, password: string): Promise<DesktopAccount> {
    const serverUrl = this.options.settings.get().serverUrl;
    try {
      const { token, user } = await this.client().login({ email, password });
      this.options.vault.set(token);
      this.remember(user, serverUrl);
    } catch (err) {
      throw this.refusal(err);
    }
    return this.announce();
  }

  signOut(): DesktopAccount {
    this.forget();
    return this.announce();
  }

  /** Reads the user again (plan changes, trial ends). Offline: the account as last known. */
  async refresh(): Promise<DesktopAccount> {
    if (!this.options.vault.get()) return this.current();
    try {
      const user = await this.client().me();
      const before = JSON.stringify(this.user);
      this.remember(user, this.options.settings.get().serverUrl);
      if (JSON.stringify(user) !== before) this.announce();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) this.tokenRejected();
      else if (!isUnreachable(err)) throw err;
    }
    return this.current();
  }

  /** The signed-in user's My Files folders, for choosing where sync puts results. */
  async folders(): Promise<Folder[]> {
    if (!this.options.vault.get()) throw new DesktopRequestError('Sign in to choose a My Files folder', 401);
    try {
      return await this.client().listFolders({});
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) this.tokenRejected();
      throw this.refusal(err);
    }
  }

  /** A failed call to the server as the bridge's answer: the server's own words, or that it could not be reached. */
  private refusal(err: unknown): DesktopRequestError {
    if (err instanceof ApiError) return new DesktopRequestError(err.serverMessage, err.status);
    return new DesktopRequestError(
      `Cannot reach ${this.options.settings.get().serverUrl}. Check the connection and the server address.`,
      503,
    );
  }

  /** The server refused the token (expired, password changed, account deleted): signed out until the next sign-in. */
  tokenRejected(): void {
    if (!this.user && !this.options.vault.get()) return;
    this.forget();
    this.announce();
  }

  private remember(user: User, serverUrl: string): void {
    this.user = user;
    this.options.store.set(USER_KEY, user);
    this.options.store.set(SERVER_KEY, serverUrl);
  }

  private forget(): void {
    this.user = null;
    this.options.vault.clear();
    this.options.store.delete(USER_KEY);
    this.options.store.delete(SERVER_KEY);
  }

  private announce(): DesktopAccount {
    const account = this.current();
    this.options.changed(account);
    return account;
  }
}
