import type { SubscriptionDetails } from '@shrinkly/contract';

type CardOnFile = NonNullable<SubscriptionDetails['card']>;

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  card: 'Card',
};

/** The brand as people write it: "visa" → "Visa"; an unknown brand is capitalised. */
export function brandName(brand: string): string {
  return BRAND_NAMES[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** "Visa ending in 4242". */
export function cardLabel(card: CardOnFile): string {
  return `${brandName(card.brand)} ending in ${card.last4}`;
}

/** "12/39": the expiry as the card shows it. */
export function cardExpiry(card: CardOnFile): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}
