import { Button, Group, Radio, Stack, Switch, Text } from '@mantine/core';
import { showErrorToast } from '../../../components/toasts';
import { useChooseFolder } from '../api';
import type { SettingsFieldsProps } from '../settings-draft';

interface OutputSettingsFieldsProps extends SettingsFieldsProps {
  /** Results go to a chosen folder rather than beside the original (the folder may be chosen later). */
  outputToFolder: boolean;
  onOutputToFolder: (toFolder: boolean) => void;
}

/** Where results are written, and whether the original stays. */
export function OutputSettingsFields({ draft, errors, set, outputToFolder, onOutputToFolder }: OutputSettingsFieldsProps) {
  const { outputFolder, keepOriginal } = draft;
  const chooseFolder = useChooseFolder();
  const choose = () =>
    chooseFolder.mutate(undefined, {
      onSuccess: (folder) => {
        if (folder) set('outputFolder', folder);
      },
      onError: (error) => showErrorToast(error.message, 'The folder dialog could not open'),
    });

  return (
    <Stack gap="sm">
      <Radio.Group
        label="Where results are saved"
        value={outputToFolder ? 'folder' : 'beside'}
        onChange={(value) => onOutputToFolder(value === 'folder')}
        error={errors.outputFolder}
      >
        <Stack gap={6} mt={6}>
          <Radio value="beside" label="Beside the original" />
          <Radio value="folder" label="In a folder I choose" />
        </Stack>
      </Radio.Group>
      {outputToFolder && (
        <Group gap="sm" wrap="nowrap">
          <Button variant="default" size="compact-md" onClick={choose} loading={chooseFolder.isPending}>
            Choose folder
          </Button>
          <Text size="sm" c={outputFolder ? 'dark.8' : 'dark.5'} data-testid="output-folder" truncate="start">
            {outputFolder ?? 'No folder chosen yet'}
          </Text>
        </Group>
      )}
      <Switch
        label="Keep the original"
        description={
          keepOriginal
            ? 'Each result is saved as NAME.min.EXT and the original file stays as it was.'
            : 'Off: the result replaces the original file, which is not kept anywhere.'
        }
        checked={keepOriginal}
        onChange={(event) => set('keepOriginal', event.currentTarget.checked)}
      />
    </Stack>
  );
}
