import type { AppInstall } from './platform';

/** Chromium's install signal (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let kept: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function keep(event: BeforeInstallPromptEvent | null): void {
  kept = event;
  for (const listener of listeners) listener();
}

/**
 * Registers the service worker (public/sw.js) so browsers offer installation. Production builds only: in
 * development it would serve stale modules to Vite's dev server.
 */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Not installable without it, but the site works the same.
    });
  });
}

/** The website as an installable app (docs/product/SPEC.md §4 "Install prompt"): the browser's offer is kept until it is used. */
export const webInstall: AppInstall = {
  start() {
    window.addEventListener('beforeinstallprompt', (event) => {
      // Keep the browser's own mini-infobar away: the card offers installation instead.
      event.preventDefault();
      keep(event as BeforeInstallPromptEvent);
    });
    window.addEventListener('appinstalled', () => keep(null));
    registerServiceWorker();
  },
  offered: () => kept !== null,
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  async prompt() {
    const event = kept;
    if (!event) return;
    await event.prompt();
    const { outcome } = await event.userChoice;
    // An offer can prompt only once: accepted or not, it is spent; a new one arrives if the browser offers again.
    if (outcome === 'accepted') keep(null);
  },
};
