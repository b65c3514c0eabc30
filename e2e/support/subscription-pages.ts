import type { Locator, Page } from 'playwright-core';

export interface TestCard {
  cardholderName: string;
  cardNumber: string;
  expiryDate: string;
  cvv: string;
}

/** A card the sandbox provider accepts, and one it declines. */
export const GOOD_CARD: TestCard = { cardholderName: 'Robin Tester', cardNumber: '4242424242424242', expiryDate: '1239', cvv: '123' };
export const DECLINED_CARD: TestCard = { ...GOOD_CARD, cardNumber: '4000000000000002' };

/** The card fields of the trial step and of /subscribe. */
export const cardForm = {
  async fill(scope: Page | Locator, card: Partial<TestCard>): Promise<void> {
    if (card.cardholderName !== undefined) await scope.getByLabel('Cardholder Name').fill(card.cardholderName);
    if (card.cardNumber !== undefined) await scope.getByLabel('Card Number').fill(card.cardNumber);
    if (card.expiryDate !== undefined) await scope.getByLabel('Expiry Date').fill(card.expiryDate);
    if (card.cvv !== undefined) await scope.getByLabel('CVV').fill(card.cvv);
  },
};

/** The toast region's newest message. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

/** Opens /settings through the account menu, as a user would. */
export async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor();
}

export const settings = {
  summary: (page: Page): Locator => page.getByTestId('subscription-summary'),
  /** The value of one row of Subscription Management. */
  row: (page: Page, label: string): Locator =>
    page.getByTestId('subscription-summary').getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) }).getByRole('cell'),
};
