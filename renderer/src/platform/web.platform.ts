import type { Platform, ShellScreens } from './platform';
import { webInstall } from './web-install';
import { webLocalStorage, webSessionStorage } from './web-storage';

/** Starts a download of a signed link through a hidden `<a download>`, as a click on a plain link would. */
function downloadFromLink(url: string, name = ''): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Saves text as a file through an object URL, released once the download has started. */
function saveTextFile(name: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  downloadFromLink(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The website has no screens of its own beyond the app's, and no shell sending it events. */
const noScreens: ShellScreens = { routes: [], navLinks: [], Events: () => null };

/** The website: the browser's own storage, tabs, navigation and clipboard. */
export const webPlatform: Platform = {
  storage: webLocalStorage,
  sessionStorage: webSessionStorage,
  download: (url) => downloadFromLink(url),
  saveFile: saveTextFile,
  openInNewTab: (url) => void window.open(url, '_blank', 'noopener'),
  goTo(url, options) {
    if (options?.replace) window.location.replace(url);
    else window.location.assign(url);
  },
  absoluteUrl: (url) => new URL(url, window.location.origin).toString(),
  copyText(text) {
    // navigator.clipboard is missing on pages that are not secure (plain http other than localhost).
    if (!navigator.clipboard) return Promise.reject(new Error('The clipboard is not available'));
    return navigator.clipboard.writeText(text);
  },
  install: webInstall,
  screens: noScreens,
};
