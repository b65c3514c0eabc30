import { Button, Group } from '@mantine/core';
import { pages } from '@shrinkly/contract';
import { Link } from 'react-router-dom';

/** Where to go once a subscription is active (SUB-15): the dashboard, or the settings. */
export function AccountNextSteps() {
  return (
    <Group justify="center" gap="sm">
      <Button component={Link} to={pages.dashboard}>
        Go to Dashboard
      </Button>
      <Button component={Link} to={pages.settings} variant="default">
        Settings
      </Button>
    </Group>
  );
}
