import type { DesktopEvent, DesktopEventPayload } from '@shrinkly/contract';

/**
 * The few things the desktop core needs from Electron, as small interfaces: the shell (src/shell/) implements them
 * with Electron, tests with plain Node. Everything else in the main process is plain TypeScript.
 */

/** A persistent JSON document (electron-store in the app; a file in tests). */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** Electron's safeStorage: encryption with a key the operating system keeps (Keychain, DPAPI, libsecret). */
export interface SecretCipher {
  /** false when the system offers no secure storage: secrets are then never written to disk. */
  isAvailable(): boolean;
  encrypt(plain: string): Buffer;
  decrypt(encrypted: Buffer): string;
}

/** Native open dialogs. */
export interface NativeDialogs {
  chooseFiles(): Promise<string[]>;
  chooseFolder(): Promise<string | null>;
}

/** The system's shell: file manager and browser. */
export interface NativeShell {
  showItemInFolder(path: string): void;
  openExternal(url: string): Promise<void>;
  setLaunchAtLogin(enabled: boolean): void;
}

/** How the core tells the window something happened (webContents.send in the app). */
export type EventSink = <E extends DesktopEvent>(event: E, payload: DesktopEventPayload<E>) => void;
