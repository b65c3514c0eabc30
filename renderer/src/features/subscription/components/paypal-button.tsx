import { Button } from '@mantine/core';
import type { User } from '@shrinkly/contract';
import { platform } from '../../../platform';
import { usePaypalCreateSubscription } from '../api';
import { showCreateSubscriptionError } from '../subscription-errors';

interface PaypalButtonProps {
  user: User;
}

/** Creates the subscription at PayPal and leaves for PayPal's approval page; PayPal sends the payer back to /subscribe. */
export function PaypalButton({ user }: PaypalButtonProps) {
  const create = usePaypalCreateSubscription();
  // Still busy once the approval page is on its way: the button stays disabled until the browser leaves.
  const busy = create.isPending || create.isSuccess;

  const start = () =>
    create.mutate(
      { userEmail: user.email, userName: user.name },
      {
        onSuccess: ({ approvalUrl }) => {
          if (!approvalUrl) return showCreateSubscriptionError();
          platform.goTo(approvalUrl);
        },
        onError: showCreateSubscriptionError,
      },
    );

  return (
    <Button size="md" fullWidth variant="outline" color="yellow.8" loading={busy} disabled={busy} onClick={start}>
      Subscribe with PayPal
    </Button>
  );
}
