import { platform } from '../../platform';

/** Session flag set by the card's close button: the card stays hidden for the rest of the session. */
const DISMISSED_KEY = 'installPromptDismissed';

export function isInstallPromptDismissed(): boolean {
  return platform.sessionStorage.get(DISMISSED_KEY) === 'true';
}

/** Without storage the card still hides until the page reloads. */
export function dismissInstallPrompt(): void {
  platform.sessionStorage.set(DISMISSED_KEY, 'true');
}
