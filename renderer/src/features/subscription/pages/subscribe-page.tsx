import { Container, Grid, Stack } from '@mantine/core';
import { pages } from '@shrinkly/contract';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageHeading } from '../../../components/page-heading';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentUser } from '../../account/api';
import { useSubscriptionDetails } from '../api';
import { PaymentOptions } from '../components/payment-options';
import { PlanComparison } from '../components/plan-comparison';
import { PremiumFeatures } from '../components/premium-features';
import { SubscribePlanCard } from '../components/subscribe-plan-card';
import { usePaypalReturn } from '../use-paypal-return';

/** The heading for `?reactivate=true`, `?upgrade=true` or neither. */
function headingFor(searchParams: URLSearchParams): string {
  if (searchParams.get('reactivate') === 'true') return 'Reactivate Your Subscription';
  if (searchParams.get('upgrade') === 'true') return 'Upgrade to Premium';
  return 'Subscribe to Premium';
}

/** `/subscribe`: Premium's features, its plan card with the payment buttons, and the plan comparison. */
export function SubscribePage() {
  const { user } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const details = useSubscriptionDetails(user !== null);
  const heading = headingFor(searchParams);
  usePageTitle(heading);

  const toSuccess = useCallback(() => void navigate(pages.subscriptionSuccess('premium')), [navigate]);
  const toTrialSuccess = useCallback(() => void navigate(pages.subscriptionSuccess('trial')), [navigate]);
  const { activating } = usePaypalReturn(user !== null, toSuccess);
  if (activating) return <PageLoader />;

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <PageHeading title={heading} intro="Unlimited compression for every file size, cloud storage and priority processing." />
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <PremiumFeatures />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <SubscribePlanCard>
              {details.isError ? (
                <LoadFailedAlert title="Your plan could not be loaded" onRetry={() => void details.refetch()} />
              ) : (
                <PaymentOptions user={user} details={details.data} onSubscribed={toSuccess} onTrialStarted={toTrialSuccess} />
              )}
            </SubscribePlanCard>
          </Grid.Col>
        </Grid>
        <PlanComparison />
      </Stack>
    </Container>
  );
}
