import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { AppDialog } from '../../../components/app-dialog';
import { CheckIcon } from '../../../components/icons/check-icon';
import { useLastDefined } from '../../../components/use-last-defined';
import type { ConverterDialog } from '../converter-dialogs';
import { AlertIcon } from './converter-icons';

interface ConverterMessageDialogProps {
  /** What to say; null keeps the dialog closed. */
  dialog: ConverterDialog | null;
  onClose: () => void;
}

/** Every converter message: Conversion Complete!, the refusals and the failures, each closed with 'Got it'. */
export function ConverterMessageDialog({ dialog, onClose }: ConverterMessageDialogProps) {
  const shown = useLastDefined(dialog);
  const success = shown?.tone === 'success';
  return (
    <AppDialog opened={dialog !== null} onClose={onClose} title={shown?.title} size="sm">
      {shown && (
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon color={success ? 'green' : 'red'} size={52} radius="xl" variant="light" aria-hidden="true">
            {success ? <CheckIcon size={28} /> : <AlertIcon size={28} />}
          </ThemeIcon>
          <Text>{shown.message}</Text>
          <Button fullWidth onClick={onClose} data-autofocus>
            Got it
          </Button>
        </Stack>
      )}
    </AppDialog>
  );
}
