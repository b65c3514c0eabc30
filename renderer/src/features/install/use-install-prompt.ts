import { useCallback, useState, useSyncExternalStore } from 'react';
import { platform } from '../../platform';
import { dismissInstallPrompt, isInstallPromptDismissed } from './install-dismissal';

const install = platform.install;
const noOffers = () => () => {};
const offered = () => install?.offered() ?? false;

/** Whether the install card shows, and its two actions (docs/product/SPEC.md §4 "Install prompt", PWA-01..05). */
export function useInstallPrompt() {
  const hasOffer = useSyncExternalStore(install?.subscribe ?? noOffers, offered, () => false);
  const [dismissed, setDismissed] = useState(isInstallPromptDismissed);

  const prompt = useCallback(async () => {
    await install?.prompt();
  }, []);

  const close = useCallback(() => {
    dismissInstallPrompt();
    setDismissed(true);
  }, []);

  return { visible: hasOffer && !dismissed, install: prompt, close };
}
