import { Alert, Button, Text } from '@mantine/core';

interface LoadFailedAlertProps {
  /** "Your plan could not be loaded". */
  title: string;
  /** Why, when there is more to say than the title. */
  detail?: string;
  onRetry: () => void;
}

/** Something the page needs could not be loaded: what, and Try again. */
export function LoadFailedAlert({ title, detail, onRetry }: LoadFailedAlertProps) {
  return (
    <Alert color="red" variant="light" title={title}>
      {detail && <Text size="sm">{detail}</Text>}
      <Button mt={detail ? 'xs' : undefined} size="compact-sm" variant="light" color="red" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
