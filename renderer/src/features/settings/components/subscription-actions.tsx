import { Alert, Button, Group, Text } from '@mantine/core';
import type { SubscriptionDetails } from '@shrinkly/contract';
import { pages } from '@shrinkly/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { showErrorToast, showSuccessToast } from '../../../components/toasts';
import { formatLongDate } from '../../../format/format-date';
import { messageOf } from '../../account/auth-errors';
import { useCancelSubscription, useReactivateSubscription } from '../../subscription/api';
import { cancellationTerms } from '../subscription-summary';
import { TypedConfirmationDialog } from './typed-confirmation-dialog';

interface SubscriptionActionsProps {
  details: SubscriptionDetails;
}

/** What the user can do with the plan: upgrade, cancel (after typing CANCEL), or reactivate a canceled one. */
export function SubscriptionActions({ details }: SubscriptionActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription(() => {
    setConfirming(false);
    showSuccessToast('Subscription Cancelled', 'No further charges will be made.');
  });

  const confirmCancel = () =>
    cancel.mutate(undefined, {
      onError: (error) => showErrorToast(messageOf(error) ?? 'Please try again.', 'Failed to cancel subscription'),
    });

  if (details.status === 'canceled') return <CanceledNotice details={details} />;

  return (
    <>
      <Group gap="sm">
        {(details.status === 'none' || details.status === 'trial') && (
          <Button component={Link} to={pages.subscribeToUpgrade}>
            Upgrade to Premium
          </Button>
        )}
        {details.status === 'expired' && (
          <Button component={Link} to={pages.subscribe}>
            Subscribe Now
          </Button>
        )}
        {details.canCancel && (
          <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
            Cancel Subscription
          </Button>
        )}
      </Group>
      <TypedConfirmationDialog
        opened={confirming}
        title="Cancel Subscription"
        word="CANCEL"
        confirmLabel="Cancel Subscription"
        dismissLabel="Keep Subscription"
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">{cancellationTerms(details)}</Text>
      </TypedConfirmationDialog>
    </>
  );
}

/** A canceled plan: until when it lasts, and Reactivate Subscription (free while access lasts, else through /subscribe). */
function CanceledNotice({ details }: SubscriptionActionsProps) {
  const reactivate = useReactivateSubscription(() =>
    showSuccessToast('Subscription Reactivated', 'Your subscription continues as before.'),
  );
  const accessEnds = details.accessEndsAt ? new Date(details.accessEndsAt) : null;
  const accessLasts = accessEnds !== null && accessEnds.getTime() > Date.now() && details.canReactivate;

  return (
    <Alert color="orange" variant="light" title="Subscription Canceled">
      <Text size="sm" mb="sm">
        {accessLasts && accessEnds
          ? `No further charges will be made. Your access lasts until ${formatLongDate(accessEnds)}. Reactivate to keep it without a break.`
          : 'Your plan has ended and no further charges will be made.'}
      </Text>
      {accessLasts ? (
        <Button
          loading={reactivate.isPending}
          disabled={reactivate.isPending}
          onClick={() =>
            reactivate.mutate(undefined, {
              onError: (error) => showErrorToast(messageOf(error) ?? 'Please try again.', 'Failed to reactivate subscription'),
            })
          }
        >
          Reactivate Subscription
        </Button>
      ) : (
        <Button component={Link} to={pages.subscribeToReactivate}>
          Reactivate Subscription
        </Button>
      )}
    </Alert>
  );
}
