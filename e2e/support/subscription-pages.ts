import type { Locator, Page } from 'playwright-core';
import { dashboard } from './dashboard-page.js';

export interface TestCard {
  cardholderName: string;
  cardNumber: string;
  expiryDate: string;
  cvv: string;
}

/** A card the sandbox provider accepts, and one it declines. */
export const GOOD_CARD: TestCard = {
  cardholderName: 'Robin Tester',
  cardNumber: '4242424242424242',
  expiryDate: '1239',
  cvv: '123',
};
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

/**
 * Drags a toast `dx` pixels sideways with the mouse (pointer events, as a finger gives), slowly: about 0.2 px per ms,
 * so that only the distance can count, not the speed of a flick.
 */
export async function swipeToast(page: Page, text: string, dx: number): Promise<void> {
  const box = await toast(page, text).boundingBox();
  if (!box) throw new Error(`no toast "${text}" to swipe`);
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(x + (dx * i) / steps, y);
    await page.waitForTimeout(25);
  }
  await page.mouse.up();
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
    page
      .getByTestId('subscription-summary')
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
      .getByRole('cell'),
};

/** /subscribe's plan card, where the payment buttons are. */
export function planCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Premium', exact: true });
}

/** Opens /subscribe signed in with `token`; answers its plan card. */
export async function openSubscribe(page: Page, token: string): Promise<Locator> {
  await dashboard.open(page, token);
  await page.goto('/subscribe');
  return planCard(page);
}

/** A date as the pages write it: "March 8, 2026". */
export function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * Whether a button's whole label shows: the label element is not cut off (nothing scrolled out of it) and lies
 * inside the button, which hides what overflows it.
 */
export function buttonLabelFits(button: Locator): Promise<boolean> {
  return button.evaluate((element) => {
    const label = element.querySelector('.mantine-Button-label');
    if (!label) return false;
    const outer = element.getBoundingClientRect();
    const inner = label.getBoundingClientRect();
    const inside =
      inner.left >= outer.left - 0.5 &&
      inner.right <= outer.right + 0.5 &&
      inner.top >= outer.top - 0.5 &&
      inner.bottom <= outer.bottom + 0.5;
    return inside && label.scrollWidth <= label.clientWidth && label.scrollHeight <= label.clientHeight;
  });
}
