import { Badge, Button, Text } from '@mantine/core';
import { PREMIUM_BENEFITS, pages, SUBSCRIPTION_PRICE_USD } from '@shrinkly/contract';
import { Link } from 'react-router-dom';
import { CheckList } from '../../../components/check-list';
import { formatMoney } from '../../../format/format-money';
import { PREMIUM_REQUIRED_MESSAGE } from '../compression-toasts';

import { OfferCard } from './offer-card';

interface PremiumRequiredCardProps {
  onCompressAnother: () => void;
}

/** The premium-subscription-required variant of the result card. */
export function PremiumRequiredCard({ onCompressAnother }: PremiumRequiredCardProps) {
  return (
    <OfferCard
      testId="premium-required-card"
      title="Premium Subscription Required"
      aside={<Badge variant="light">{formatMoney(SUBSCRIPTION_PRICE_USD)}/month</Badge>}
      action={
        <Button component={Link} to={pages.subscribeToUpgrade} size="md">
          Upgrade to Premium
        </Button>
      }
      onCompressAnother={onCompressAnother}
    >
      <Text>{PREMIUM_REQUIRED_MESSAGE}</Text>
      <CheckList items={PREMIUM_BENEFITS} spacing={6} />
    </OfferCard>
  );
}
