import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { PREMIUM_BENEFITS, SUBSCRIPTION_PRICE_USD } from '@shrinkly/contract';
import { Link } from 'react-router-dom';
import { CheckList } from '../../../components/check-list';
import { formatMoney } from '../../../format/format-money';
import { PREMIUM_REQUIRED_MESSAGE } from '../compression-toasts';

/** Where the upgrade card leads (SPEC section 2, /subscribe with upgrade=true). */
const UPGRADE_PATH = '/subscribe?upgrade=true';

interface PremiumRequiredCardProps {
  onCompressAnother: () => void;
}

/** The premium-subscription-required variant of the result card. */
export function PremiumRequiredCard({ onCompressAnother }: PremiumRequiredCardProps) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      shadow="sm"
      aria-labelledby="premium-card-title"
      data-testid="premium-required-card"
    >
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title id="premium-card-title" order={3} fz="xl">
            Premium Subscription Required
          </Title>
          <Badge variant="light">{formatMoney(SUBSCRIPTION_PRICE_USD)}/month</Badge>
        </Group>
        <Text>{PREMIUM_REQUIRED_MESSAGE}</Text>
        <CheckList items={PREMIUM_BENEFITS} spacing={6} />
        <Group gap="sm">
          <Button component={Link} to={UPGRADE_PATH} size="md">
            Upgrade to Premium
          </Button>
          <Button size="md" variant="default" onClick={onCompressAnother}>
            Compress Another File
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
