import { Button, Text } from '@mantine/core';
import { TRIAL_DAYS } from '@shrinkly/contract';
import { TrialCardForm } from '../../subscription/components/trial-card-form';

interface TrialCardStepProps {
  onStarted: () => void;
  /** Back to the sign-up form; the account just made is taken back first. */
  onBack: () => void;
  /** On with a free account, without a trial. */
  onSkip: () => void;
  /** True while the account just made is being taken back. */
  goingBack: boolean;
}

/** After sign-up: the card that starts the free trial (docs/product/SPEC.md §2 "Auth page"), or a free account without it. */
export function TrialCardStep({ onStarted, onBack, onSkip, goingBack }: TrialCardStepProps) {
  return (
    <>
      <Text size="sm" c="dark.5">
        Your card is only charged if you keep Premium after the {TRIAL_DAYS}-day trial. Nothing is charged today.
      </Text>
      <TrialCardForm onStarted={onStarted}>
        {(busy) => (
          <>
            <Button type="button" variant="default" fullWidth onClick={onBack} loading={goingBack} disabled={busy || goingBack}>
              Back to Registration
            </Button>
            <Button type="button" variant="subtle" fullWidth onClick={onSkip} disabled={busy || goingBack}>
              Skip for now and use a free account
            </Button>
          </>
        )}
      </TrialCardForm>
    </>
  );
}
