import { Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';

/** A failed payment's ways on: try it again (`retryTo`), or go home. */
export function RetryActions({ label, retryTo }: { label: string; retryTo: string }) {
  return (
    <Group justify="center" gap="sm">
      <Button component={Link} to={retryTo}>
        {label}
      </Button>
      <Button component={Link} to="/" variant="default">
        Return to Home
      </Button>
    </Group>
  );
}
