import type { DesktopBridge } from '@shrinkly/contract';
import { desktopBridge } from './desktop';
import { desktopPlatform } from './desktop.platform';
import type { Platform } from './platform';
import { webPlatform } from './web.platform';

export type { AppInstall, KeyValueStorage, Platform, SharedStorage, ShellScreens } from './platform';

/** The desktop app's platform where its bridge is present (the preload puts it in place before any script), else the website's. */
export function choosePlatform(bridge: DesktopBridge | undefined): Platform {
  return bridge ? desktopPlatform : webPlatform;
}

/** The shell the app runs in, chosen once at startup. Screens ask it what differs, never which shell it is. */
export const platform: Platform = choosePlatform(desktopBridge());
