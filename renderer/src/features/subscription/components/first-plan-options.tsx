import { Button, Stack } from '@mantine/core';
import { type SubscriptionDetails, TRIAL_DAYS } from '@shrinkly/contract';
import { useState } from 'react';
import { type CardEntry, cardPlanOptions } from '../subscription-state';
import { CardPayment } from './card-payment';
import { TrialCardForm } from './trial-card-form';

interface FirstPlanOptionsProps {
  details: SubscriptionDetails;
  /** Where this server takes a new card. */
  entry: CardEntry;
  onSubscribed: () => void;
  onTrialStarted: () => void;
}

/** An account with no plan to keep: Premium now by card; for one that never had a plan, also the free trial first (one per account). */
export function FirstPlanOptions({ details, entry, onSubscribed, onTrialStarted }: FirstPlanOptionsProps) {
  const [trialFirst, setTrialFirst] = useState(false);
  const { offer } = cardPlanOptions(details);
  const payNow = <CardPayment card={details.card} entry={entry} onSubscribed={onSubscribed} />;
  if (offer === 'card') return payNow;
  return (
    <Stack gap="sm">
      {trialFirst ? <TrialCardForm onStarted={onTrialStarted} /> : payNow}
      <Button variant="subtle" size="compact-sm" onClick={() => setTrialFirst((current) => !current)}>
        {trialFirst ? 'Subscribe now instead' : `Start with a ${TRIAL_DAYS}-day free trial instead`}
      </Button>
    </Stack>
  );
}
