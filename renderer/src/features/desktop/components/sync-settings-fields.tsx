import { Select, Stack, Switch } from '@mantine/core';
import type { DesktopAccount } from '@shrinkly/contract';
import { useSyncFolders } from '../api';
import type { SettingsFieldsProps } from '../settings-draft';
import { syncFolderOptions, TOP_LEVEL_FOLDER } from '../sync-folder-options';

interface SyncSettingsFieldsProps extends SettingsFieldsProps {
  account: DesktopAccount | undefined;
}

/** Sync on or off, and the My Files folder results go to (listed from the server for the signed-in user). */
export function SyncSettingsFields({ account, draft, errors, set }: SyncSettingsFieldsProps) {
  const { syncEnabled, syncFolderId } = draft;
  const folders = useSyncFolders(account);
  const signedIn = Boolean(account?.user);

  let description = 'Results you send go here.';
  if (!signedIn) description = 'Sign in on the Sync page to choose a folder; until then results go to the top level.';
  else if (folders.isPending) description = 'Loading your folders…';
  else if (folders.isError) description = `Your folders could not be loaded: ${folders.error.message}`;

  const options = syncFolderOptions(folders.data ?? []);
  // A folder chosen earlier stays selectable even when the list cannot show it (signed out, deleted since).
  if (syncFolderId && !options.some((option) => option.value === syncFolderId)) {
    options.push({ value: syncFolderId, label: 'A folder not found in My Files' });
  }

  return (
    <Stack gap="sm">
      <Switch
        label="Sync results to My Files"
        description="Sends each finished result to My Files on your account (needs a trial or Premium plan)."
        checked={syncEnabled}
        onChange={(event) => set('syncEnabled', event.currentTarget.checked)}
      />
      <Select
        label="My Files folder"
        description={description}
        data={options}
        value={syncFolderId ?? TOP_LEVEL_FOLDER}
        onChange={(value) => set('syncFolderId', value && value !== TOP_LEVEL_FOLDER ? value : null)}
        allowDeselect={false}
        disabled={!signedIn || folders.isPending}
        error={errors.syncFolderId}
        maw={420}
      />
    </Stack>
  );
}
