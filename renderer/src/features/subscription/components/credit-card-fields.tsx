import { Group, Stack, TextInput } from '@mantine/core';
import { CARD_CVV_MAX_LENGTH, CARD_EXPIRY_MAX_LENGTH } from '@shrinkly/contract';
import type { ReactNode } from 'react';
import { CARD_NUMBER_FIELD_LENGTH, type CardFields, formatCardNumber, formatCvv, formatExpiry } from '../card-input';

interface CreditCardFieldsProps {
  value: CardFields;
  onChange: (card: CardFields) => void;
  disabled?: boolean;
  /** The payment provider's own card field, shown in place of the number, expiry and CVV (their values stay empty). */
  hostedCard?: ReactNode;
}

const FORMAT: Record<keyof CardFields, (typed: string) => string> = {
  cardholderName: (typed) => typed,
  cardNumber: formatCardNumber,
  expiryDate: formatExpiry,
  cvv: formatCvv,
};

/**
 * Cardholder name, card number (grouped by 4), expiry (MM/YY) and CVV, each formatted as it is typed; or the
 * cardholder name and the provider's hosted card field.
 */
export function CreditCardFields({ value, onChange, disabled, hostedCard }: CreditCardFieldsProps) {
  const field = (name: keyof CardFields) => ({
    value: value[name],
    disabled,
    required: true,
    onChange: (event: { currentTarget: HTMLInputElement }) =>
      onChange({ ...value, [name]: FORMAT[name](event.currentTarget.value) }),
  });

  return (
    <Stack gap="sm">
      <TextInput label="Cardholder Name" autoComplete="cc-name" placeholder="Name on card" {...field('cardholderName')} />
      {hostedCard ?? <TypedCardFields field={field} />}
    </Stack>
  );
}

type FieldProps = (name: keyof CardFields) => {
  value: string;
  disabled: boolean | undefined;
  required: boolean;
  onChange: (event: { currentTarget: HTMLInputElement }) => void;
};

/** The typed card's number, expiry and CVV: digits only, each as long as its format allows. */
const NUMERIC_FIELDS = {
  cardNumber: {
    label: 'Card Number',
    autoComplete: 'cc-number',
    placeholder: '1234 5678 9012 3456',
    maxLength: CARD_NUMBER_FIELD_LENGTH,
  },
  expiryDate: { label: 'Expiry Date', autoComplete: 'cc-exp', placeholder: 'MM/YY', maxLength: CARD_EXPIRY_MAX_LENGTH },
  cvv: { label: 'CVV', autoComplete: 'cc-csc', placeholder: '123', maxLength: CARD_CVV_MAX_LENGTH },
} as const;

function TypedCardFields({ field }: { field: FieldProps }) {
  const numeric = (name: keyof typeof NUMERIC_FIELDS) => (
    <TextInput {...NUMERIC_FIELDS[name]} inputMode="numeric" {...field(name)} />
  );
  return (
    <>
      {numeric('cardNumber')}
      <Group grow gap="sm" align="flex-start">
        {numeric('expiryDate')}
        {numeric('cvv')}
      </Group>
    </>
  );
}
