import { CURRENCY } from '@shrinkly/contract';

/** An amount with its currency sign and two decimals: formatMoney(3.99) → "$3.99", formatMoney(58, 'PHP') → "₱58.00". */
export function formatMoney(amount: number, currency: string = CURRENCY): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
