import { desktopSettingsSchema, type Folder } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { changedSettings, checkSettings } from './settings-draft';
import { syncFolderOptions, TOP_LEVEL_FOLDER } from './sync-folder-options';

const saved = desktopSettingsSchema.parse({});

describe('the settings form', () => {
  it('sends only what changed, with the server address tidied by the contract', () => {
    const patch = changedSettings(saved, { ...saved, keepOriginal: false, serverUrl: 'https://files.example.test/' });
    expect(patch).toEqual({ keepOriginal: false, serverUrl: 'https://files.example.test/' });
    const checked = checkSettings(patch, { outputToFolder: false, outputFolder: null });
    expect(checked.errors).toEqual({});
    expect(checked.patch).toEqual({ keepOriginal: false, serverUrl: 'https://files.example.test' });
  });

  it('refuses a bad server address with the schema’s message, and a folder choice without a folder', () => {
    const checked = checkSettings(changedSettings(saved, { ...saved, serverUrl: 'files.example.test' }), {
      outputToFolder: true,
      outputFolder: null,
    });
    expect(checked.errors.serverUrl).toBe('Enter the server address, starting with https:// or http://');
    expect(checked.errors.outputFolder).toMatch(/Choose a folder/);
  });

  it('lists My Files folders by their path after the top level', () => {
    const folder = (id: string, name: string, parentId: string | null): Folder => ({
      id,
      name,
      parentId,
      fileCount: 0,
      createdAt: '',
    });
    const options = syncFolderOptions([folder('2', 'Scans', '1'), folder('1', 'Work', null), folder('3', 'Archive', null)]);
    expect(options).toEqual([
      { value: TOP_LEVEL_FOLDER, label: 'Top level of My Files' },
      { value: '3', label: 'Archive' },
      { value: '1', label: 'Work' },
      { value: '2', label: 'Work / Scans' },
    ]);
  });
});
