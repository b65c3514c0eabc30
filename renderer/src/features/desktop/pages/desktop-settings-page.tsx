import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { useDesktopAccount, useDesktopSettings } from '../api';
import { DesktopLoading } from '../components/desktop-loading';
import { DesktopPage } from '../components/desktop-page';
import { DesktopSettingsForm } from '../components/desktop-settings-form';

/** `/desktop/settings` (desktop app only): how this computer compresses, where results go, and sync. */
export function DesktopSettingsPage() {
  const settings = useDesktopSettings();
  const account = useDesktopAccount();
  return (
    <DesktopPage title="App Settings" intro="How this computer compresses files, where results go, and syncing.">
      {settings.isPending ? (
        <DesktopLoading label="Loading the settings" />
      ) : settings.isError ? (
        <LoadFailedAlert
          title="The settings could not be loaded"
          detail={settings.error.message}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <DesktopSettingsForm saved={settings.data} account={account.data} />
      )}
    </DesktopPage>
  );
}
