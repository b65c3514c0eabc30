import type { Platform } from './platform';
import { webPlatform } from './web.platform';

export type { AppInstall, KeyValueStorage, Platform, SharedStorage } from './platform';

/** The shell the app runs in, chosen once at startup; a desktop shell brings its own implementation of Platform. */
export const platform: Platform = webPlatform;
