import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { BATCH_MAX_FILES, pages, type User } from '@shrinkly/contract';
import { Link } from 'react-router-dom';
import { LockIcon } from '../../../../components/icons/control-icons';

interface BatchLockedViewProps {
  user: User;
  onLeave: () => void;
}

/** Free accounts: batch compression is a trial and Premium feature. Never-trialled accounts are offered the trial. */
export function BatchLockedView({ user, onLeave }: BatchLockedViewProps) {
  const neverTrialled = user.subscriptionStatus === 'none';
  return (
    <Stack align="center" gap="md" ta="center" py="md" data-testid="batch-locked">
      <ThemeIcon size={64} radius="xl" variant="light" color="yellow" c="yellow.9">
        <LockIcon size={32} />
      </ThemeIcon>
      <Title order={3} fz="xl">
        Premium Feature
      </Title>
      <Text c="dark.6" maw={420}>
        Batch compression is available with a free trial or Premium subscription. Compress up to {BATCH_MAX_FILES} files at once.
      </Text>
      <Button component={Link} to={neverTrialled ? pages.subscribe : pages.subscribeToUpgrade} onClick={onLeave} size="md">
        {neverTrialled ? 'Start Free Trial' : 'Upgrade to Premium'}
      </Button>
    </Stack>
  );
}
