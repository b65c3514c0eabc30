import { Alert, Button, Group, NumberInput, PasswordInput, Select, Stack } from '@mantine/core';
import {
  ApiError,
  type FileRecord,
  SHARE_EXPIRY_CHOICES_HOURS,
  SHARE_EXPIRY_HOURS,
  SHARE_MAX_DOWNLOADS,
  SHARE_PASSWORD_MAX_LENGTH,
} from '@shrinkly/contract';
import { type FormEvent, useState } from 'react';
import { platform } from '../../../platform';
import { useCreateShareLink } from '../api';
import { filesToasts } from '../files-toasts';

/** "1 hour", "6 hours", "3 days", "30 days". */
export function expiryChoiceLabel(hours: number): string {
  if (hours < 48) return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return `${hours / 24} days`;
}

const EXPIRY_OPTIONS = SHARE_EXPIRY_CHOICES_HOURS.map((hours) => ({ value: String(hours), label: expiryChoiceLabel(hours) }));

interface ShareLinkFormProps {
  file: FileRecord;
  /** Premium accounts choose how long a link lasts; the others get 24 hours (the server checks it too). */
  mayChooseExpiry: boolean;
}

/** A new link's choices: how long it lasts, an optional password and an optional download limit. */
export function ShareLinkForm({ file, mayChooseExpiry }: ShareLinkFormProps) {
  const [hours, setHours] = useState(String(SHARE_EXPIRY_HOURS.standard));
  const [password, setPassword] = useState('');
  const [limit, setLimit] = useState<number | string>('');
  const create = useCreateShareLink();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const choices = {
      expiresInHours: Number(hours),
      password: password === '' ? undefined : password,
      maxDownloads: typeof limit === 'number' ? limit : undefined,
    };
    create.mutate(
      { file, choices },
      {
        onSuccess: async (link) => {
          setPassword('');
          setLimit('');
          const copied = await platform.copyText(platform.absoluteUrl(link.url)).then(
            () => true,
            () => false,
          );
          filesToasts.shareLinkCreated(copied);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New share link">
      <Stack gap="sm">
        <Select
          label="Expires after"
          data={mayChooseExpiry ? EXPIRY_OPTIONS : [{ value: hours, label: expiryChoiceLabel(Number(hours)) }]}
          value={hours}
          onChange={(value) => value && setHours(value)}
          allowDeselect={false}
          disabled={!mayChooseExpiry}
          description={
            mayChooseExpiry
              ? undefined
              : `Links last ${expiryChoiceLabel(SHARE_EXPIRY_HOURS.standard)} on your plan; Premium chooses from 1 hour to 30 days.`
          }
        />
        <PasswordInput
          label="Password (optional)"
          description="The recipient enters it before downloading."
          maxLength={SHARE_PASSWORD_MAX_LENGTH}
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <NumberInput
          label="Download limit (optional)"
          placeholder="No limit"
          min={1}
          max={SHARE_MAX_DOWNLOADS}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          value={limit}
          onChange={setLimit}
        />
        {create.isError && (
          <Alert color="red" variant="light" role="alert">
            {create.error instanceof ApiError ? create.error.serverMessage : 'Failed to create the link. Please try again.'}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Create link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
