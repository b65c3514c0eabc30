import { Alert } from '@mantine/core';

interface ProblemAlertProps {
  title: string;
  message: string | null;
  onClose: () => void;
}

/** A problem the user has to act on, kept on screen (unlike a toast) until it is dismissed or solved. */
export function ProblemAlert({ title, message, onClose }: ProblemAlertProps) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" title={title} role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={onClose}>
      {message}
    </Alert>
  );
}
