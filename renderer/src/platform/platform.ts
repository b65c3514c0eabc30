import type { RouteObject } from 'react-router-dom';

/**
 * What the app needs from the shell it runs in: the browser for the website, Electron for the desktop app. Features
 * call these instead of touching `window`, `location`, storage or the clipboard, so each shell provides its own.
 */
export interface Platform {
  /** Kept across restarts: the signed-in tokens, a payment waiting for its checkout. */
  storage: SharedStorage;
  /** Kept until the app is closed: choices that should not outlive the visit. */
  sessionStorage: KeyValueStorage;
  /** Saves the file behind a signed link, as a click on a download link does. */
  download(url: string): void;
  /** Saves text made in the app (a CSV export) as a file with the given name. */
  saveFile(name: string, content: string, type: string): void;
  /** Shows a signed link on its own (a picture, a PDF, a video) beside the app. */
  openInNewTab(url: string): void;
  /** Leaves the app for an outside page, such as a checkout; `replace` keeps the current page out of the history. */
  goTo(url: string, options?: { replace?: boolean }): void;
  /** A link the server gave, made absolute against the app's own origin, so it works when pasted anywhere. */
  absoluteUrl(url: string): string;
  /** Puts text on the clipboard; rejects when the clipboard refuses or is not available. */
  copyText(text: string): Promise<void>;
  /** Installing the app from the browser (a PWA); absent where the app is installed already. */
  install?: AppInstall;
  /** The shell's own screens beside the app's: none on the website. */
  screens: ShellScreens;
}

/** What a shell adds to every window: the layout and router take these as they are, whatever the shell. */
export interface ShellScreens {
  /** Routes of the shell's own pages, added to the app's. */
  routes: readonly RouteObject[];
  /** Navigation bar entries leading to those pages. */
  navLinks: readonly { to: string; label: string }[];
  /** A component rendered once inside the layout for the window's life: hears what the shell sends, shows nothing. */
  Events: () => null;
}

/** A store of small strings by key. An unavailable store (private mode, blocked storage) reads as empty. */
export interface KeyValueStorage {
  get(key: string): string | null;
  /** Stores `value`, or removes the key when it is null. */
  set(key: string, value: string | null): void;
}

/** A store that other windows of the app share. */
export interface SharedStorage extends KeyValueStorage {
  /** Calls `listener` with the new value whenever another window changes `key`; returns the unsubscribe. */
  subscribe(key: string, listener: (value: string | null) => void): () => void;
}

/** The browser's offer to install the app, held until it is used. */
export interface AppInstall {
  /** Starts listening for the offer; called once before the app renders, because the offer may come at once. */
  start(): void;
  /** Whether an offer is waiting. */
  offered(): boolean;
  /** Calls `listener` whenever an offer arrives or is spent; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Shows the browser's install dialog; an accepted offer is spent. */
  prompt(): Promise<void>;
}
