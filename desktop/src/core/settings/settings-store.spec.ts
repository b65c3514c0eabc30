import { DEFAULT_SERVER_URL, desktopSettingsSchema } from '@shrinkly/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { JsonStore } from '../../../test/support/ports.js';
import { testCore } from '../../../test/support/test-core.js';
import { DesktopRequestError } from '../ipc-router.js';
import { SETTINGS_VERSION } from './settings-migration.js';
import { SettingsStore } from './settings-store.js';

const DEFAULTS = {
  defaultLevel: 'balanced',
  outputFolder: null,
  keepOriginal: true,
  syncEnabled: false,
  syncFolderId: null,
  serverUrl: DEFAULT_SERVER_URL,
  launchAtLogin: false,
  photoData: 'strip',
};

describe('desktop settings', () => {
  it('start from the defaults and store the version', () => {
    const store = new JsonStore();
    expect(new SettingsStore(store).get()).toEqual(DEFAULTS);
    expect(store.get('settingsVersion')).toBe(SETTINGS_VERSION);
  });

  it('migrate a version-1 document (level, outputDir, replaceOriginal) to the current shape', () => {
    const store = new JsonStore();
    store.set('settings', { level: 'maximum', outputDir: '/home/ada/Shrunk', replaceOriginal: true, launchAtLogin: true });
    const settings = new SettingsStore(store).get();
    expect(settings).toEqual({
      ...DEFAULTS,
      defaultLevel: 'maximum',
      outputFolder: '/home/ada/Shrunk',
      keepOriginal: false,
      launchAtLogin: true,
    });
    expect(store.get('settingsVersion')).toBe(2);
    expect(store.get('settings')).toEqual({
      defaultLevel: 'maximum',
      outputFolder: '/home/ada/Shrunk',
      keepOriginal: false,
      launchAtLogin: true,
    });
    // Read again: already version 2, nothing changes.
    expect(new SettingsStore(store).get()).toEqual(settings);
  });

  it('read a version-1 empty output folder as "beside the original"', () => {
    const store = new JsonStore();
    store.set('settings', { level: 'light', outputDir: '' });
    store.set('settingsVersion', 1);
    expect(new SettingsStore(store).get()).toMatchObject({ defaultLevel: 'light', outputFolder: null, keepOriginal: true });
  });

  it('drop stored fields that no longer validate and keep the others', () => {
    const store = new JsonStore();
    store.set('settingsVersion', 2);
    store.set('settings', { defaultLevel: 'extreme', serverUrl: 'https://files.example.org/', syncEnabled: 'yes' });
    expect(new SettingsStore(store).get()).toEqual({ ...DEFAULTS, serverUrl: 'https://files.example.org' });
  });

  it('use the given default server (SHRINKLY_SERVER_URL) until the user chooses one', () => {
    const store = new JsonStore();
    const settings = new SettingsStore(store, { serverUrl: 'http://localhost:3000' });
    expect(settings.get().serverUrl).toBe('http://localhost:3000');
    expect(new SettingsStore(store, { serverUrl: 'http://other:3000' }).get().serverUrl).toBe('http://other:3000');
    new SettingsStore(store).update({ serverUrl: 'https://mine.example.org' });
    expect(new SettingsStore(store, { serverUrl: 'http://other:3000' }).get().serverUrl).toBe('https://mine.example.org');
  });

  describe('through the bridge', () => {
    const t = testCore();
    afterAll(() => t.core.close());

    it('refuse an invalid patch with 400 and change nothing', async () => {
      const before = await t.invoke('settings:get');
      for (const patch of [
        { defaultLevel: 'extreme' },
        { keepOriginal: 'no' },
        { serverUrl: 'mailto:ada@example.com' },
        { colour: 'red' },
      ]) {
        const err = await t.core.handle('settings:update', patch).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(DesktopRequestError);
        expect((err as DesktopRequestError).status).toBe(400);
      }
      expect(await t.invoke('settings:get')).toEqual(before);
      expect(desktopSettingsSchema.parse(t.store.get('settings'))).toEqual(before);
    });

    it('apply a valid patch, keep it, and tell the system about launch at login', async () => {
      const updated = await t.invoke('settings:update', {
        launchAtLogin: true,
        defaultLevel: 'light',
        serverUrl: 'https://files.example.org///',
        photoData: 'camera',
      });
      expect(updated).toMatchObject({
        launchAtLogin: true,
        defaultLevel: 'light',
        serverUrl: 'https://files.example.org',
        photoData: 'camera',
      });
      expect(t.shell.launchAtLogin).toEqual([true]);
      expect(new SettingsStore(t.store).get()).toEqual(updated);
    });
  });
});
