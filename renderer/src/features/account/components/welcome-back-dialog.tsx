import { Button, Modal, Stack, Text } from '@mantine/core';
import { WELCOME_DIALOG_AUTO_CONTINUE_MS } from '@shrinkly/contract';
import { useEffect } from 'react';

interface WelcomeBackDialogProps {
  opened: boolean;
  /** Who just signed in; shown in the dialog. */
  email: string;
  onContinue: () => void;
  onClose: () => void;
}

/** After a sign-in. Continues by itself after a few seconds, but only while it is still open. */
export function WelcomeBackDialog({ opened, email, onContinue, onClose }: WelcomeBackDialogProps) {
  useEffect(() => {
    if (!opened) return;
    // Closing the dialog unmounts this effect, which cancels the timer: no auto-continue once it is closed.
    const timer = setTimeout(onContinue, WELCOME_DIALOG_AUTO_CONTINUE_MS);
    return () => clearTimeout(timer);
  }, [opened, onContinue]);

  return (
    <Modal opened={opened} onClose={onClose} title="Welcome back" centered radius="md">
      <Stack gap="md">
        <Text>
          You are signed in as <strong>{email}</strong>. Taking you to your dashboard in a moment.
        </Text>
        <Button onClick={onContinue} fullWidth data-autofocus>
          Continue to Dashboard
        </Button>
      </Stack>
    </Modal>
  );
}
