import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { showErrorToast } from '../../../components/toasts';
import { useDesktopAccount, useRetrySync, useSyncStatus } from '../api';
import { DesktopAccountCard } from '../components/desktop-account-card';
import { DesktopLoading } from '../components/desktop-loading';
import { DesktopPage } from '../components/desktop-page';
import { DesktopSignInForm } from '../components/desktop-sign-in-form';
import { SyncStatusCard } from '../components/sync-status-card';

/** The account (or the sign-in form) and the sync queue, once both are known. */
function SyncScreen() {
  const account = useDesktopAccount();
  const status = useSyncStatus();
  const retry = useRetrySync();

  if (account.isPending || status.isPending) return <DesktopLoading label="Loading the sync status" />;
  if (account.isError || status.isError) {
    return (
      <LoadFailedAlert
        title="The sync status could not be loaded"
        detail={(account.error ?? status.error)?.message}
        onRetry={() => void Promise.all([account.refetch(), status.refetch()])}
      />
    );
  }
  const user = account.data.user;
  return (
    <>
      {user ? (
        <DesktopAccountCard account={account.data} user={user} />
      ) : (
        <DesktopSignInForm serverUrl={account.data.serverUrl} />
      )}
      <SyncStatusCard
        status={status.data}
        retrying={retry.isPending}
        onRetry={() => retry.mutate(undefined, { onError: (error) => showErrorToast(error.message, 'Retry failed') })}
      />
    </>
  );
}

/** `/desktop/sync` (desktop app only): the account the app syncs with and the state of the sync queue. */
export function SyncPage() {
  return (
    <DesktopPage title="Sync" intro="Results you send to My Files are uploaded from here, and retried until they arrive.">
      <SyncScreen />
    </DesktopPage>
  );
}
