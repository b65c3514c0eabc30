import {
  type DesktopSettings,
  type DesktopSettingsPatch,
  desktopSettingsPatchSchema,
  desktopSettingsSchema,
} from '@shrinkly/contract';
import type { KeyValueStore } from '../ports.js';
import { migrateSettings, SETTINGS_VERSION } from './settings-migration.js';

const SETTINGS_KEY = 'settings';
const VERSION_KEY = 'settingsVersion';

type SettingField = keyof DesktopSettings;
const FIELDS = Object.keys(desktopSettingsSchema.shape) as SettingField[];

/**
 * The app's settings over the key-value store: a migration from older versions on first read, defaults for what
 * the user never set, and only schema-valid values ever written. Only the user's own choices are stored, so a
 * default that changes (the server address from SHRINKLY_SERVER_URL) applies to everyone who never chose another.
 * A stored field that no longer validates (edited by hand, written by a broken build) is dropped, not fatal.
 */
export class SettingsStore {
  private chosen: Partial<DesktopSettings>;
  private current: DesktopSettings;
  private readonly listeners = new Set<(settings: DesktopSettings, previous: DesktopSettings) => void>();

  constructor(
    private readonly store: KeyValueStore,
    private readonly defaults: Partial<DesktopSettings> = {},
  ) {
    const migrated = migrateSettings(store.get(SETTINGS_KEY), store.get(VERSION_KEY));
    this.chosen = validFields(migrated);
    this.current = this.resolve();
    this.persist();
  }

  get(): DesktopSettings {
    return this.current;
  }

  /** Applies a patch; anything the patch schema refuses throws and changes nothing. */
  update(patch: DesktopSettingsPatch): DesktopSettings {
    const checked = desktopSettingsPatchSchema.parse(patch);
    const previous = this.current;
    this.chosen = { ...this.chosen, ...checked };
    this.current = this.resolve();
    this.persist();
    for (const listener of this.listeners) listener(this.current, previous);
    return this.current;
  }

  /** Called after every change with the new and the previous settings; returns the unsubscribe function. */
  onChange(listener: (settings: DesktopSettings, previous: DesktopSettings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private resolve(): DesktopSettings {
    return desktopSettingsSchema.parse({ ...this.defaults, ...this.chosen });
  }

  private persist(): void {
    this.store.set(SETTINGS_KEY, this.chosen);
    this.store.set(VERSION_KEY, SETTINGS_VERSION);
  }
}

function validFields(document: Record<string, unknown>): Partial<DesktopSettings> {
  const kept: Array<[SettingField, unknown]> = [];
  for (const field of FIELDS) {
    if (document[field] === undefined) continue;
    const parsed = desktopSettingsSchema.shape[field].safeParse(document[field]);
    if (parsed.success) kept.push([field, parsed.data]);
  }
  return Object.fromEntries(kept) as Partial<DesktopSettings>;
}
