import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { pages, STORAGE_LIMIT_BYTES, type User } from '@shrinkly/contract';
import { Link } from 'react-router-dom';
import { formatBytes } from '../../../format/format-bytes';
import { formatLongDate } from '../../../format/format-date';
import { daysLeft, daysLeftText } from '../../subscription/trial-days-left';

const KEEP = `Subscribe to keep batch compression and ${formatBytes(STORAGE_LIMIT_BYTES)} cloud storage.`;

interface TrialBannerProps {
  user: User;
}

/** Free Trial Active (with its end date) or Trial Expired, each with Subscribe Now; nothing for other accounts. */
export function TrialBanner({ user }: TrialBannerProps) {
  const banner = bannerFor(user);
  if (!banner) return null;
  return (
    // A standing notice, not an interruption: a named region rather than Mantine's default role="alert".
    <Alert role="region" color={banner.color} radius="md" variant="light" title={banner.title} data-testid="trial-banner">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 260px' }}>
          <Text size="sm">{banner.text}</Text>
        </Stack>
        <Button component={Link} to={pages.subscribe} color={banner.color === 'red' ? 'red' : undefined} size="sm">
          Subscribe Now
        </Button>
      </Group>
    </Alert>
  );
}

function bannerFor(user: User): { title: string; text: string; color: 'blue' | 'red' } | null {
  if (user.isTrialActive) {
    const ends = user.trialEndDate
      ? ` ${daysLeftText(daysLeft(user.trialEndDate))}: your trial ends on ${formatLongDate(new Date(user.trialEndDate))}.`
      : '';
    return { title: 'Free Trial Active', text: `You have full Premium access.${ends} ${KEEP}`, color: 'blue' };
  }
  if (user.subscriptionStatus === 'expired') {
    return { title: 'Trial Expired', text: `Your free trial has ended. ${KEEP}`, color: 'red' };
  }
  return null;
}
