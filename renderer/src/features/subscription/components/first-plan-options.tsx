import { Button, Stack, Text } from '@mantine/core';
import { TRIAL_DAYS, type SubscriptionDetails } from '@shrinkly/contract';
import { useState } from 'react';
import { PRICE_PER_MONTH } from '../plan-texts';
import { cardPlanOptions } from '../subscription-state';
import { CardPayment } from './card-payment';
import { TrialCardForm } from './trial-card-form';

interface FirstPlanOptionsProps {
  details: SubscriptionDetails;
  onSubscribed: () => void;
  onTrialStarted: () => void;
}

/**
 * An account with no plan to keep: Premium now by card; for one that never had a plan, also the free trial first
 * (one per account). With Stripe, an account without a card on file starts with the trial, whose card step sets the
 * card up in Stripe's own fields.
 */
export function FirstPlanOptions({ details, onSubscribed, onTrialStarted }: FirstPlanOptionsProps) {
  const [trialFirst, setTrialFirst] = useState(false);
  const { offer, newCard } = cardPlanOptions(details);
  const payNow = <CardPayment card={details.card} newCard={newCard} onSubscribed={onSubscribed} />;
  if (offer === 'card') return payNow;
  if (offer === 'trial') {
    return (
      <Stack gap="sm">
        <Text size="sm" c="dark.6">
          Premium starts with a {TRIAL_DAYS}-day free trial. Your card is charged {PRICE_PER_MONTH} when the trial ends,
          unless you cancel before then.
        </Text>
        <TrialCardForm onStarted={onTrialStarted} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {trialFirst ? <TrialCardForm onStarted={onTrialStarted} /> : payNow}
      <Button variant="subtle" size="compact-sm" onClick={() => setTrialFirst((current) => !current)}>
        {trialFirst ? 'Subscribe now instead' : `Start with a ${TRIAL_DAYS}-day free trial instead`}
      </Button>
    </Stack>
  );
}
