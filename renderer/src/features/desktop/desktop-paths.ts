/** The desktop app's own screens (registered only inside the app). */
export const LOCAL_COMPRESSION_PATH = '/desktop';
export const SYNC_PATH = '/desktop/sync';
export const DESKTOP_SETTINGS_PATH = '/desktop/settings';

/** The navigation entries of the desktop screens. */
export const DESKTOP_NAV_LINKS = [
  { to: LOCAL_COMPRESSION_PATH, label: 'Compress Locally' },
  { to: SYNC_PATH, label: 'Sync' },
  { to: DESKTOP_SETTINGS_PATH, label: 'App Settings' },
] as const;
