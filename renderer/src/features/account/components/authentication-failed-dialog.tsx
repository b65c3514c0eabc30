import { Button, Modal, Stack, Text } from '@mantine/core';

interface AuthenticationFailedDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** A rejected sign-in (wrong email or password). */
export function AuthenticationFailedDialog({ opened, onClose }: AuthenticationFailedDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Authentication Failed" centered radius="md">
      <Stack gap="md">
        <Text>Invalid username or password. Please check your credentials and try again.</Text>
        <Button onClick={onClose} fullWidth color="red" data-autofocus>
          Try Again
        </Button>
      </Stack>
    </Modal>
  );
}
