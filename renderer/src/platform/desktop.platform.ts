import { desktopScreens } from '../features/desktop/desktop-screens';
import type { Platform } from './platform';
import { webPlatform } from './web.platform';

// Electron's window is a browser: storage, downloads, the clipboard and links work as on the website (the main
// process sends outside links to the system browser). The app is installed already, so there is no offer to install.
const { install: _installedAlready, ...browserWindow } = webPlatform;

/** The desktop app (Electron, with the preload's bridge): the website's window plus the app's own screens. */
export const desktopPlatform: Platform = {
  ...browserWindow,
  screens: desktopScreens,
};
