import { useDesktopAccount, useDesktopSettings } from '../api';
import { DesktopAnswer } from '../components/desktop-answer';
import { DesktopPage } from '../components/desktop-page';
import { DesktopSettingsForm } from '../components/desktop-settings-form';

/** `/desktop/settings` (desktop app only): how this computer compresses, where results go, and sync. */
export function DesktopSettingsPage() {
  const settings = useDesktopSettings();
  const account = useDesktopAccount();
  return (
    <DesktopPage title="App Settings" intro="How this computer compresses files, where results go, and syncing.">
      <DesktopAnswer query={settings} loadingLabel="Loading the settings" failedTitle="The settings could not be loaded">
        {(saved) => <DesktopSettingsForm saved={saved} account={account.data} />}
      </DesktopAnswer>
    </DesktopPage>
  );
}
