import { Anchor, Button, Divider, Loader, Stack, Text } from '@mantine/core';
import { pages, SUPPORT_EMAIL, type SubscriptionDetails, type User } from '@shrinkly/contract';
import { Link } from 'react-router-dom';
import { showSuccessToast } from '../../../components/toasts';
import { formatLongDate } from '../../../format/format-date';
import { useReactivateSubscription } from '../api';
import { showSubscribeError } from '../subscription-errors';
import { checkoutMethodsOf, paymentStep, trialSchedule } from '../subscription-state';
import { FirstPlanOptions } from './first-plan-options';
import { PaypalButton } from './paypal-button';

interface PaymentOptionsProps {
  user: User | null;
  details: SubscriptionDetails | undefined;
  onSubscribed: () => void;
  onTrialStarted: () => void;
}

/**
 * The plan card's buttons: sign in first, already subscribed (a running trial too: its first charge is scheduled),
 * reactivate, or pay by card and/or PayPal, as this server takes them.
 */
export function PaymentOptions({ user, details, onSubscribed, onTrialStarted }: PaymentOptionsProps) {
  if (!user) {
    return (
      <Button component={Link} to={pages.authToUpgrade} size="md" fullWidth>
        Sign In to Subscribe
      </Button>
    );
  }
  if (!details) return <Loader size="sm" mx="auto" aria-label="Loading your plan" />;
  switch (paymentStep(details)) {
    case 'subscribed':
      return <AlreadySubscribed />;
    case 'trialing':
      return <AlreadySubscribed schedule={trialSchedule(details)} />;
    case 'resume-with-paypal':
      return <ResumeWithPaypal user={user} details={details} />;
    case 'reactivate':
      return <ReactivateButton details={details} onReactivated={onSubscribed} />;
    case 'new-plan':
      return <NewPlanOptions user={user} details={details} onSubscribed={onSubscribed} onTrialStarted={onTrialStarted} />;
  }
}

/** Nothing to buy: the disabled Already Subscribed (SPEC), what is scheduled, and where the plan is managed. */
function AlreadySubscribed({ schedule }: { schedule?: string }) {
  return (
    <Stack gap="xs" align="center">
      <Button size="md" fullWidth disabled>
        Already Subscribed
      </Button>
      {schedule && (
        <Text size="sm" c="dark.6" ta="center">
          {schedule}
        </Text>
      )}
      <Anchor component={Link} to={pages.settings} size="sm">
        Manage your subscription in Settings
      </Anchor>
    </Stack>
  );
}

/** A new plan: the card options where this server takes cards, PayPal where it takes PayPal; both, split by "or". */
function NewPlanOptions({
  user,
  details,
  onSubscribed,
  onTrialStarted,
}: PaymentOptionsProps & { user: User; details: SubscriptionDetails }) {
  const methods = checkoutMethodsOf(details);
  const card = methods.card && (
    <FirstPlanOptions details={details} entry={methods.card} onSubscribed={onSubscribed} onTrialStarted={onTrialStarted} />
  );
  const paypal = methods.paypal && <PaypalButton user={user} />;
  if (card && paypal) {
    return (
      <Stack gap="md">
        {card}
        <Divider label="or" labelPosition="center" />
        {paypal}
      </Stack>
    );
  }
  return (
    card ||
    paypal || (
      <Text size="sm" c="dark.6">
        Subscriptions cannot be taken right now. Please try again later or contact {SUPPORT_EMAIL}.
      </Text>
    )
  );
}

/** A canceled plan paid with PayPal that still runs: approved at PayPal again, billed from the day it would have ended. */
function ResumeWithPaypal({ user, details }: { user: User; details: SubscriptionDetails }) {
  const until = details.accessEndsAt ? formatLongDate(new Date(details.accessEndsAt)) : null;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dark.6">
        Your subscription is canceled, but Premium lasts{until ? ` until ${until}` : ''}. Subscribe again with PayPal to keep it;
        nothing is charged before {until ?? 'then'}.
      </Text>
      <PaypalButton user={user} />
    </Stack>
  );
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
        onClick={() => reactivate.mutate(undefined, { onError: showSubscribeError })}
      >
        Reactivate Subscription
      </Button>
    </Stack>
  );
}
