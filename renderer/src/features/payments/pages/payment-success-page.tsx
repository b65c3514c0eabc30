import { Button, Group, Text } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { NotFoundPage } from '../../../components/not-found-page';
import { PaidJobResult } from '../../compression/components/paid-job-result';
import { ResultPageFrame } from '../../compression/components/result-page-frame';
import { AccountNextSteps } from '../../subscription/components/account-next-steps';

/**
 * `/payment-success/:type?` (compression by default, or subscription). For a compression with a jobId the paid
 * job is started and followed here until its download is ready. A `paymentId` from the provider is shown as the
 * payment's reference, for the receipt and for support.
 */
export function PaymentSuccessPage() {
  usePageTitle('Payment Successful');
  const { type = 'compression' } = useParams();
  const [searchParams] = useSearchParams();
  const jobId = searchParams.get('jobId');
  const reference = paymentReference(searchParams.get('paymentId'));

  if (type === 'subscription') {
    return (
      <ResultPageFrame title="Payment Successful" subtitle="Thank you! Your Premium subscription is active.">
        {reference}
        <AccountNextSteps />
      </ResultPageFrame>
    );
  }
  if (type !== 'compression') return <NotFoundPage />;

  if (!jobId) {
    return (
      <ResultPageFrame title="Payment Successful" subtitle="Thank you! Your payment has been received.">
        {reference}
        <Group justify="center">
          <Button component={Link} to="/">
            Return to Home
          </Button>
        </Group>
      </ResultPageFrame>
    );
  }
  return (
    <ResultPageFrame
      title="Payment Successful"
      subtitle={
        <Text component="span">Thank you! Your file is being compressed; the download appears here when it is ready.</Text>
      }
    >
      {reference}
      <PaidJobResult key={jobId} jobId={jobId} />
    </ResultPageFrame>
  );
}

/** The provider's payment id as a line of text (never markup), when the link carries a plausible one. */
function paymentReference(paymentId: string | null) {
  if (!paymentId || paymentId.length > 200) return null;
  return (
    <Text size="sm" c="dark.5" ta="center" data-testid="payment-reference">
      Payment reference: {paymentId}
    </Text>
  );
}
