import { Button } from '@mantine/core';
import { PAY_PER_FILE_PRICE_USD } from '@shrinkly/contract';
import { formatMoney } from '../../../format/format-money';
import type { PaymentDue } from '../outcome';
import { OfferCard } from './offer-card';
import { PaymentTerms } from './payment-terms';

interface PaymentRequiredCardProps {
  payment: PaymentDue;
  onPay: () => void;
  onCompressAnother: () => void;
}

/** The payment-required variant of the result card. */
export function PaymentRequiredCard({ payment, onPay, onCompressAnother }: PaymentRequiredCardProps) {
  const cost = payment.cost ?? PAY_PER_FILE_PRICE_USD;
  return (
    <OfferCard
      testId="payment-required-card"
      title="Payment Required"
      action={
        <Button size="md" onClick={onPay}>
          Pay {formatMoney(cost)}
        </Button>
      }
      onCompressAnother={onCompressAnother}
    >
      <PaymentTerms fileName={payment.fileName} fileSize={payment.fileSize} cost={cost} />
    </OfferCard>
  );
}
