import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { AppDialog } from '../../../components/app-dialog';
import { CheckIcon } from '../../../components/icons/check-icon';

interface CompletionDialogProps {
  opened: boolean;
  /** The id of this dialog in the surrounding Modal.Stack, so it sits above the dialog it reports on. */
  stackId: string;
  title: string;
  message: string;
  /** "Got it!": closes this dialog and the one under it. */
  onDone: () => void;
}

/** Upload Complete / Batch Complete. */
export function CompletionDialog({ opened, stackId, title, message, onDone }: CompletionDialogProps) {
  return (
    <AppDialog opened={opened} stackId={stackId} onClose={onDone} title={title} size="sm">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon color="green" size={52} radius="xl" variant="light">
          <CheckIcon size={28} />
        </ThemeIcon>
        <Text>{message}</Text>
        <Button fullWidth onClick={onDone} data-autofocus>
          Got it!
        </Button>
      </Stack>
    </AppDialog>
  );
}
