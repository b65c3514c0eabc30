import { Center, Loader, Stack, Text } from '@mantine/core';
import { pages } from '@shrinkly/contract';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { platform } from '../../../platform';
import { getJob } from '../../compression/api';
import { compressionToasts } from '../../compression/compression-toasts';

/**
 * `/payment/{jobId}` (Retry Payment, Try Again): back to the provider's checkout while the job waits for payment;
 * a paid job goes to its success page, a free finished one to its result.
 */
export function PaymentRedirectPage() {
  usePageTitle('Payment');
  const { jobId = '' } = useParams();
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    getJob(jobId).then(
      (job) => {
        if (!active) return;
        if (job.isPaid) void navigate(pages.paymentSuccess('compression', jobId), { replace: true });
        else if (job.status === 'payment_required') {
          if (job.paymentUrl) platform.goTo(job.paymentUrl, { replace: true });
          else {
            compressionToasts.paymentUrlMissing();
            void navigate(pages.home, { replace: true });
          }
        } else if (job.status === 'failed') void navigate(pages.compressionFailed, { replace: true });
        else void navigate(pages.compressionSuccess(jobId), { replace: true });
      },
      () => {
        if (!active) return;
        compressionToasts.jobNotFound();
        void navigate('/', { replace: true });
      },
    );
    return () => {
      active = false;
    };
  }, [jobId, navigate]);

  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text role="status">Taking you to the secure checkout...</Text>
      </Stack>
    </Center>
  );
}
