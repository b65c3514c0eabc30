import { Alert, Button, Card, Divider, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { DesktopAccount, DesktopSettings } from '@shrinkly/contract';
import { type FormEvent, useState } from 'react';
import { showSuccessToast } from '../../../components/toasts';
import { MetadataField } from '../../compression/components/metadata-field';
import { LevelPicker } from '../../uploads/components/level-picker';
import { useUpdateDesktopSettings } from '../api';
import { changedSettings, checkSettings, type SettingsErrors } from '../settings-draft';
import { OutputSettingsFields } from './output-settings-fields';
import { SyncSettingsFields } from './sync-settings-fields';

interface DesktopSettingsFormProps {
  saved: DesktopSettings;
  account: DesktopAccount | undefined;
}

/** The app's settings as one form: checked field by field with the contract's rules, saved together. */
export function DesktopSettingsForm({ saved, account }: DesktopSettingsFormProps) {
  const [draft, setDraft] = useState<DesktopSettings>(saved);
  const [outputToFolder, setOutputToFolder] = useState(saved.outputFolder !== null);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const update = useUpdateDesktopSettings();

  // An edited field drops its error and the "saved" note.
  const edited = (key: keyof DesktopSettings) => {
    setErrors((current) => ({ ...current, [key]: undefined }));
    setSavedNote(null);
  };
  const set = <K extends keyof DesktopSettings>(key: K, value: DesktopSettings[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    edited(key);
  };

  const fields = { draft, errors, set };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    const target = { ...draft, outputFolder: outputToFolder ? draft.outputFolder : null };
    const checked = checkSettings(changedSettings(saved, target), { outputToFolder, outputFolder: target.outputFolder });
    setErrors(checked.errors);
    if (Object.values(checked.errors).some(Boolean)) return;
    if (Object.keys(checked.patch).length === 0) {
      setSavedNote('Nothing changed: your settings are saved.');
      return;
    }
    update.mutate(checked.patch, {
      onSuccess: (next) => {
        setDraft(next);
        setOutputToFolder(next.outputFolder !== null);
        setSavedNote('Settings saved.');
        showSuccessToast('Settings saved', 'The app uses them from now on.');
      },
      onError: (error) => setRefusal(error.message),
    });
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="desktop-settings-title">
      <Title id="desktop-settings-title" order={2} fz="lg" mb="md">
        Settings
      </Title>
      <form onSubmit={submit} noValidate aria-label="App settings">
        <Stack gap="lg">
          <LevelPicker
            label="Default compression level"
            value={draft.defaultLevel}
            onChange={(level) => set('defaultLevel', level)}
          />
          <MetadataField value={draft.photoData} onChange={(choice) => set('photoData', choice)} />
          <Divider />
          <OutputSettingsFields
            {...fields}
            outputToFolder={outputToFolder}
            onOutputToFolder={(toFolder) => {
              setOutputToFolder(toFolder);
              edited('outputFolder');
            }}
          />
          <Divider />
          <SyncSettingsFields {...fields} account={account} />
          <TextInput
            label="Server address"
            description="The Shrinkly server this app signs in to and syncs with."
            value={draft.serverUrl}
            error={errors.serverUrl}
            onChange={(event) => set('serverUrl', event.currentTarget.value)}
            maw={420}
            inputMode="url"
            autoComplete="url"
          />
          <Divider />
          <Switch
            label="Open Shrinkly when you sign in to this computer"
            checked={draft.launchAtLogin}
            onChange={(event) => set('launchAtLogin', event.currentTarget.checked)}
          />
          {refusal && (
            <Alert color="red" variant="light" title="Settings not saved" role="alert">
              {refusal}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" loading={update.isPending} disabled={update.isPending}>
              Save settings
            </Button>
            <Text size="sm" c="green.9" role="status" data-testid="settings-saved">
              {savedNote}
            </Text>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
