/** Chromium's install signal (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let kept: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Starts listening for the browser's install signal. Called once before the app renders, because the browser may
 * fire it before any component mounts; the event is kept until it is used (SPEC section 4 "Install prompt").
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the card offers installation instead.
    event.preventDefault();
    kept = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    kept = null;
    notify();
  });
}

export function keptInstallPrompt(): BeforeInstallPromptEvent | null {
  return kept;
}

export function clearInstallPrompt(): void {
  kept = null;
  notify();
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
