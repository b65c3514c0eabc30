import { Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import type { SubscriptionDetails, User } from '@shrinkly/contract';
import { Link } from 'react-router-dom';
import { showSuccessToast } from '../../../components/toasts';
import { formatLongDate } from '../../../format/format-date';
import { useReactivateSubscription } from '../api';
import { isCanceledWithPremium, isSubscribed, paysWithPaypal } from '../subscription-state';
import { showSubscribeError } from '../subscription-errors';
import { FirstPlanOptions } from './first-plan-options';
import { PaypalButton } from './paypal-button';

interface PaymentOptionsProps {
  user: User | null;
  details: SubscriptionDetails | undefined;
  onSubscribed: () => void;
  onTrialStarted: () => void;
}

/** The plan card's buttons: sign in first, already subscribed, reactivate, or pay by card or PayPal. */
export function PaymentOptions({ user, details, onSubscribed, onTrialStarted }: PaymentOptionsProps) {
  if (!user) {
    return (
      <Button component={Link} to="/auth?upgrade=true" size="md" fullWidth>
        Sign In to Subscribe
      </Button>
    );
  }
  if (!details) return <Loader size="sm" mx="auto" aria-label="Loading your plan" />;
  if (isSubscribed(details)) {
    return (
      <Stack gap="xs" align="center">
        <Button size="md" fullWidth disabled>
          Already Subscribed
        </Button>
        <Anchor component={Link} to="/settings" size="sm">
          Manage your subscription in Settings
        </Anchor>
      </Stack>
    );
  }
  if (isCanceledWithPremium(details)) return <ReactivateButton details={details} onReactivated={onSubscribed} />;
  if (paysWithPaypal(details)) return <PaypalButton user={user} />;
  return <FirstPlanOptions details={details} onSubscribed={onSubscribed} onTrialStarted={onTrialStarted} />;
}

function ReactivateButton({ details, onReactivated }: { details: SubscriptionDetails; onReactivated: () => void }) {
  const reactivate = useReactivateSubscription(() => {
    showSuccessToast('Subscription Reactivated', 'Your Premium subscription will renew as before.');
    onReactivated();
  });
  const until = details.accessEndsAt ? ` until ${formatLongDate(new Date(details.accessEndsAt))}` : '';
  return (
    <Stack gap="xs">
      <Text size="sm" c="dark.6">
        Your subscription is canceled, but Premium lasts{until}. Reactivate to keep it; nothing is charged before then.
      </Text>
      <Button
        size="md"
        fullWidth
        loading={reactivate.isPending}
        disabled={reactivate.isPending}
        onClick={() =>
          reactivate.mutate(undefined, { onError: showSubscribeError })
        }
      >
        Reactivate Subscription
      </Button>
    </Stack>
  );
}
