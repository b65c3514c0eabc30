import { Button, Stack } from '@mantine/core';
import { TRIAL_DAYS, type SubscriptionDetails } from '@shrinkly/contract';
import { useState } from 'react';
import { CardPayment } from './card-payment';
import { TrialCardForm } from './trial-card-form';

interface FirstPlanOptionsProps {
  details: SubscriptionDetails;
  onSubscribed: () => void;
  onTrialStarted: () => void;
}

/** An account that never had a plan: Premium now by card, or the free trial first (one per account). */
export function FirstPlanOptions({ details, onSubscribed, onTrialStarted }: FirstPlanOptionsProps) {
  const [trialFirst, setTrialFirst] = useState(false);
  if (details.status !== 'none') return <CardPayment card={details.card} onSubscribed={onSubscribed} />;
  return (
    <Stack gap="sm">
      {trialFirst ? <TrialCardForm onStarted={onTrialStarted} /> : <CardPayment card={details.card} onSubscribed={onSubscribed} />}
      <Button variant="subtle" size="compact-sm" onClick={() => setTrialFirst((current) => !current)}>
        {trialFirst ? 'Subscribe now instead' : `Start with a ${TRIAL_DAYS}-day free trial instead`}
      </Button>
    </Stack>
  );
}
