import { Box, Group, Input, Loader, Text } from '@mantine/core';
import { ApiError } from '@shrinkly/contract';
import type { StripeCardElementOptions } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { requestStripeSetupIntent } from '../api';
import type { HostedCardState } from '../card-validation';
import { loadStripeJs } from '../stripe-loader';
import { mountStripeCard, STRIPE_UNAVAILABLE_MESSAGE, type StripeCard } from '../stripe-setup';

export interface StripeCardFieldProps {
  disabled: boolean;
  /** The field can confirm a card; null until it is mounted and once it is gone. */
  onReady: (card: StripeCard | null) => void;
  onChange: (state: HostedCardState) => void;
}

/** Stripe draws its field in its own frame: the theme's input look, in values rather than CSS variables. */
const CARD_STYLE: StripeCardElementOptions['style'] = {
  base: {
    fontSize: '14px',
    color: '#000000',
    fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    '::placeholder': { color: '#adb5bd' },
  },
  invalid: { color: '#e03131' },
};

type FieldStatus = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string };

/**
 * The card number, expiry and CVC in Stripe's own hosted field (Stripe.js Card Element), in place of the card
 * form's three fields: the number never reaches our server (DESIGN "Security rules"). Loaded only when the server's
 * provider is Stripe. Mounting asks our server for a SetupIntent, then loads Stripe.js with its publishable key.
 */
export default function StripeCardField({ disabled, onReady, onChange }: StripeCardFieldProps) {
  const target = useRef<HTMLDivElement>(null);
  const card = useRef<StripeCard | null>(null);
  const [status, setStatus] = useState<FieldStatus>({ kind: 'loading' });
  const [complaint, setComplaint] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The parent's callbacks change each render; the field is mounted once per attempt.
  const callbacks = useRef({ onReady, onChange });
  useEffect(() => {
    callbacks.current = { onReady, onChange };
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt (Try again) mounts a fresh card field
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let gone = false;
    setStatus({ kind: 'loading' });
    const changed = (state: HostedCardState) => {
      setComplaint(state.error);
      callbacks.current.onChange(state);
    };
    mountStripeCard(element, { requestSetupIntent: requestStripeSetupIntent, loadStripe: loadStripeJs }, changed, {
      style: CARD_STYLE,
    }).then(
      (mounted) => {
        if (gone) return mounted.destroy();
        card.current = mounted;
        setStatus({ kind: 'ready' });
        callbacks.current.onReady(mounted);
      },
      (error: unknown) => {
        if (gone) return;
        setStatus({ kind: 'failed', message: error instanceof ApiError ? error.serverMessage : STRIPE_UNAVAILABLE_MESSAGE });
      },
    );
    return () => {
      gone = true;
      card.current?.destroy();
      card.current = null;
      callbacks.current.onReady(null);
    };
  }, [attempt]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a field mounted later (status turns ready) takes the current setting too
  useEffect(() => card.current?.setDisabled(disabled), [disabled, status]);

  return (
    <Input.Wrapper label="Card" required error={complaint}>
      <Box
        ref={target}
        data-testid="stripe-card-field"
        hidden={status.kind === 'failed'}
        p="10px 12px"
        bd="1px solid var(--mantine-color-gray-4)"
        bg={disabled ? 'gray.1' : 'white'}
        style={{ borderRadius: 'var(--mantine-radius-sm)', minHeight: 38 }}
      />
      {status.kind === 'loading' && (
        <Group gap="xs" mt={6}>
          <Loader size="xs" />
          <Text size="xs" c="dark.5">
            Loading the secure card form...
          </Text>
        </Group>
      )}
      {status.kind === 'failed' && (
        <LoadFailedAlert
          title="The card form could not be loaded"
          detail={status.message}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
      <Text size="xs" c="dark.5" mt={6}>
        Your card details go straight to our payment provider, Stripe; we never see or store the full number.
      </Text>
    </Input.Wrapper>
  );
}
