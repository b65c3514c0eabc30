import { openPaymentUrl } from '../../payments/open-payment-url';
import type { CompressionOutcome } from '../outcome';
import { CompressedFileCard } from './compressed-file-card';
import { PaymentRequiredCard } from './payment-required-card';
import { PremiumRequiredCard } from './premium-required-card';

interface OutcomeCardProps {
  outcome: CompressionOutcome;
  onCompressAnother: () => void;
  /** The file compressed, still in the page: offered for a before/after view of the result. */
  original?: File | null;
}

/** The result card in its three variants: results, payment required, premium subscription required. */
export function OutcomeCard({ outcome, onCompressAnother, original = null }: OutcomeCardProps) {
  switch (outcome.kind) {
    case 'compressed':
      return <CompressedFileCard file={outcome.file} onCompressAnother={onCompressAnother} original={original} />;
    case 'payment':
      return (
        <PaymentRequiredCard
          payment={outcome.payment}
          onPay={() => openPaymentUrl(outcome.payment.paymentUrl)}
          onCompressAnother={onCompressAnother}
        />
      );
    case 'premium':
      return <PremiumRequiredCard onCompressAnother={onCompressAnother} />;
  }
}
