import { useCallback, useState, useSyncExternalStore } from 'react';
import { dismissInstallPrompt, isInstallPromptDismissed } from './install-dismissal';
import { clearInstallPrompt, keptInstallPrompt, subscribeInstallPrompt } from './install-prompt-event';

/** Whether the install card shows, and its two actions (SPEC section 4 "Install prompt", PWA-01..05). */
export function useInstallPrompt() {
  const prompt = useSyncExternalStore(subscribeInstallPrompt, keptInstallPrompt, () => null);
  const [dismissed, setDismissed] = useState(isInstallPromptDismissed);

  const install = useCallback(async () => {
    const event = keptInstallPrompt();
    if (!event) return;
    await event.prompt();
    const { outcome } = await event.userChoice;
    // An event can prompt only once: accepted or not, it is spent; a new one arrives if the browser offers again.
    if (outcome === 'accepted') clearInstallPrompt();
  }, []);

  const close = useCallback(() => {
    dismissInstallPrompt();
    setDismissed(true);
  }, []);

  return { visible: prompt !== null && !dismissed, install, close };
}
