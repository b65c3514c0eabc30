import { Text } from '@mantine/core';
import { pages } from '@shrinkly/contract';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { ResultPageFrame } from '../../compression/components/result-page-frame';
import { RetryActions } from '../components/retry-actions';

/** `/payment-failed?jobId=…`: the payment was declined. Try Again reopens the checkout for the same file. */
export function PaymentFailedPage() {
  usePageTitle('Payment Failed');
  const [searchParams] = useSearchParams();
  const jobId = searchParams.get('jobId');
  return (
    <ResultPageFrame title="Payment Failed">
      <Text ta="center" c="dark.6">
        Your payment was declined and you have not been charged. Your uploaded file is kept for now, so you can try again.
      </Text>
      <RetryActions label="Try Again" retryTo={jobId ? pages.payment(jobId) : '/'} />
    </ResultPageFrame>
  );
}
