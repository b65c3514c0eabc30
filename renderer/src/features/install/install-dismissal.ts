/** Session flag set by the card's close button: the card stays hidden for the rest of the session. */
const DISMISSED_KEY = 'installPromptDismissed';

export function isInstallPromptDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function dismissInstallPrompt(): void {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, 'true');
  } catch {
    // Storage unavailable: the card still hides until the page reloads.
  }
}
