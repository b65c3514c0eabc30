import type { ShellScreens } from '../../platform/platform';
import { DESKTOP_NAV_LINKS, DESKTOP_SETTINGS_PATH, LOCAL_COMPRESSION_PATH, SYNC_PATH } from './desktop-paths';
import { DesktopSettingsPage } from './pages/desktop-settings-page';
import { LocalCompressionPage } from './pages/local-compression-page';
import { SyncPage } from './pages/sync-page';
import { useDesktopEvents } from './use-desktop-events';

/** Listens to the desktop app's events for as long as the window is open. */
function DesktopEvents() {
  useDesktopEvents();
  return null;
}

/** The desktop app's own screens, which its platform adds to the app's (the website has none). */
export const desktopScreens: ShellScreens = {
  routes: [
    { path: LOCAL_COMPRESSION_PATH, element: <LocalCompressionPage /> },
    { path: SYNC_PATH, element: <SyncPage /> },
    { path: DESKTOP_SETTINGS_PATH, element: <DesktopSettingsPage /> },
  ],
  navLinks: DESKTOP_NAV_LINKS,
  Events: DesktopEvents,
};
