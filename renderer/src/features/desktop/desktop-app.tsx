import type { RouteObject } from 'react-router-dom';
import { desktopBridge } from '../../platform/desktop';
import { DESKTOP_NAV_LINKS, DESKTOP_SETTINGS_PATH, LOCAL_COMPRESSION_PATH, SYNC_PATH } from './desktop-paths';
import { DesktopSettingsPage } from './pages/desktop-settings-page';
import { LocalCompressionPage } from './pages/local-compression-page';
import { SyncPage } from './pages/sync-page';
import { useDesktopEvents } from './use-desktop-events';

/** Whether this renderer runs inside the desktop app (the preload has put the bridge in place before any script). */
export const IN_DESKTOP_APP = desktopBridge() !== undefined;

/** The desktop screens' routes; none on the website. */
export const desktopRoutes: RouteObject[] = IN_DESKTOP_APP
  ? [
      { path: LOCAL_COMPRESSION_PATH, element: <LocalCompressionPage /> },
      { path: SYNC_PATH, element: <SyncPage /> },
      { path: DESKTOP_SETTINGS_PATH, element: <DesktopSettingsPage /> },
    ]
  : [];

/** The navigation entries of the desktop screens; none on the website. */
export const desktopNavLinks: readonly { to: string; label: string }[] = IN_DESKTOP_APP ? DESKTOP_NAV_LINKS : [];

/** Listens to the desktop app's events for as long as the window is open (rendered only inside the app). */
export function DesktopEvents() {
  useDesktopEvents();
  return null;
}
