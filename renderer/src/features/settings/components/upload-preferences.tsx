import { Group, Loader, Text } from '@mantine/core';
import type { MetadataChoice, User } from '@shrinkly/contract';
import { SettingsCard } from '../../../components/settings-card';
import { useUpdatePreferences } from '../../account/api';
import { MetadataField } from '../../compression/components/metadata-field';

/** The choices kept between uploads: what pictures keep of their metadata, unless an upload says otherwise. */
export function UploadPreferences({ user }: { user: User }) {
  const update = useUpdatePreferences();
  return (
    <SettingsCard id="preferences" title="Upload Preferences">
      <MetadataField
        value={update.isPending && update.variables ? update.variables.photoData : user.photoData}
        onChange={(photoData: MetadataChoice) => update.mutate({ photoData })}
      />
      <Group gap="xs" mih={20} aria-live="polite">
        {update.isPending && <Loader size="xs" />}
        {update.isPending && <Text size="sm">Saving...</Text>}
        {update.isSuccess && !update.isPending && (
          <Text size="sm" c="green.9">
            Saved: My Files uploads use this unless you choose otherwise.
          </Text>
        )}
        {update.isError && (
          <Text size="sm" c="red.8">
            Not saved: {update.error.message}. Try again.
          </Text>
        )}
      </Group>
    </SettingsCard>
  );
}
