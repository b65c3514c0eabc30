import { app, type BrowserWindow, dialog, type OpenDialogOptions, safeStorage, shell } from 'electron';
import Store from 'electron-store';
import type { KeyValueStore, NativeDialogs, NativeShell, SecretCipher } from '../core/ports.js';

/** The core's ports with Electron: the only code besides main.ts and preload.cts that touches it. */

/** electron-store: one JSON file in the app's user data folder. */
export function electronKeyValueStore(): KeyValueStore {
  const store = new Store<Record<string, unknown>>({ name: 'shrinkly' });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}

/**
 * safeStorage. On Linux without a keyring it falls back to a key written in Electron's own source ('basic_text'):
 * that is not secure storage, so the token then stays in memory only.
 */
export const safeStorageCipher: SecretCipher = {
  isAvailable: () =>
    safeStorage.isEncryptionAvailable() &&
    (process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text'),
  encrypt: (plain) => safeStorage.encryptString(plain),
  decrypt: (encrypted) => safeStorage.decryptString(encrypted),
};

export function nativeDialogs(window: () => BrowserWindow | undefined): NativeDialogs {
  /** The paths the user picked in the system's open dialog (over the app's window when there is one). */
  const choose = async (options: OpenDialogOptions): Promise<string[]> => {
    const win = window();
    const { canceled, filePaths } = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
    return canceled ? [] : filePaths;
  };
  return {
    chooseFiles: () => choose({ title: 'Choose files to compress', properties: ['openFile', 'multiSelections'] }),
    async chooseFolder() {
      const [folder] = await choose({ title: 'Choose a folder', properties: ['openDirectory', 'createDirectory'] });
      return folder ?? null;
    },
  };
}

export const nativeShell: NativeShell = {
  showItemInFolder: (path) => shell.showItemInFolder(path),
  openExternal: (url) => shell.openExternal(url),
  setLaunchAtLogin: (enabled) => app.setLoginItemSettings({ openAtLogin: enabled }),
};
