import { Alert, Code, Text } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { ResultPageFrame } from '../../compression/components/result-page-frame';
import { RetryActions } from '../components/retry-actions';
import { DEFAULT_PAYMENT_ERROR, displayErrorCode, paymentErrorMessage, retryPaymentPath } from '../payment-error-codes';

/** `/payment-error?error=…&jobId=…`: the provider reported a payment problem. */
export function PaymentErrorPage() {
  usePageTitle('Payment Error');
  const [searchParams] = useSearchParams();
  const code = searchParams.get('error') || DEFAULT_PAYMENT_ERROR;
  const jobId = searchParams.get('jobId');
  return (
    <ResultPageFrame title="Payment Error">
      <Alert color="red" variant="light" title="Your payment did not go through">
        <Text size="sm">{paymentErrorMessage(code)}</Text>
        <Text size="sm" mt="xs">
          Error code: <Code data-testid="payment-error-code">{displayErrorCode(code)}</Code>
        </Text>
      </Alert>
      <RetryActions label="Retry Payment" retryTo={retryPaymentPath(jobId)} />
    </ResultPageFrame>
  );
}
