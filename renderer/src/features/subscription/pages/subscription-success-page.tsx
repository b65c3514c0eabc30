import { Alert, Badge, Card, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { TRIAL_DAYS } from '@shrinkly/contract';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { CheckList } from '../../../components/check-list';
import { CheckIcon } from '../../../components/icons/check-icon';
import { AccountNextSteps } from '../components/account-next-steps';
import { SUCCESS_VARIANTS, type SuccessPlan } from '../plan-texts';

/** `?plan=trial` or premium (the default, also for any other value). */
function planFrom(value: string | null): SuccessPlan {
  return value === 'trial' ? 'trial' : 'premium';
}

/** `/subscription-success`: the plan just started, with its price, features and where to go next. */
export function SubscriptionSuccessPage() {
  const [searchParams] = useSearchParams();
  const plan = planFrom(searchParams.get('plan'));
  const variant = SUCCESS_VARIANTS[plan];
  usePageTitle(variant.title);

  return (
    <Container size={520} py={{ base: 'xl', sm: 64 }}>
      <Card withBorder radius="lg" padding="xl" shadow="sm" component="section" aria-labelledby="subscription-success-title">
        <Stack gap="lg" align="center" ta="center">
          <ThemeIcon color="green" size={64} radius="xl" variant="light">
            <CheckIcon size={34} />
          </ThemeIcon>
          <Stack gap={6} align="center">
            <Title id="subscription-success-title" order={1} fz={{ base: 26, sm: 30 }}>
              {variant.title}
            </Title>
            <Badge color="green" variant="filled" size="lg">
              Active
            </Badge>
          </Stack>
          <Stack gap={2} data-testid="plan-price">
            <Text fz={28} fw={800}>
              {variant.price}
            </Text>
            <Text c="dark.5" size="sm">
              {variant.priceNote}
            </Text>
          </Stack>
          <CheckList items={variant.features} ta="left" aria-label="Included in your plan" />
          {plan === 'trial' && (
            <Alert color="blue" variant="light" title="Trial Reminder" ta="left" w="100%">
              Your free trial ends in {TRIAL_DAYS} days. You can cancel anytime before then from your account settings, and you
              won't be charged.
            </Alert>
          )}
          <AccountNextSteps />
        </Stack>
      </Card>
    </Container>
  );
}
