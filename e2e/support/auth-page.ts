import type { Page } from 'playwright-core';

export interface Credentials {
  name: string;
  email: string;
  password: string;
}

let counter = 0;
export function newCredentials(): Credentials {
  counter += 1;
  return { name: `Robin Tester${counter}`, email: `robin.${Date.now()}.${counter}@example.com`, password: 'first password' };
}

/** Solves the sign-up security check: reads "a op b = ?" and submits the answer. */
export async function solveSecurityCheck(page: Page): Promise<void> {
  const question = (await page.getByTestId('security-question').innerText()).trim();
  const match = /(\d+)\s*([+\-×])\s*(\d+)/.exec(question);
  if (!match) throw new Error(`unexpected security question: ${question}`);
  const [a, op, b] = [Number(match[1]), match[2], Number(match[3])];
  const answer = op === '+' ? a + b : op === '-' ? a - b : a * b;
  await page.getByLabel('Answer').fill(String(answer));
  await page.getByRole('button', { name: 'Check' }).click();
}

/** The page model of /auth. */
export const authPage = {
  async openSignUp(page: Page): Promise<void> {
    await page.goto('/auth');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  },

  async fillSignUp(page: Page, c: Credentials): Promise<void> {
    await page.getByLabel('Full Name').fill(c.name);
    await page.getByLabel('Email').fill(c.email);
    await page.getByLabel('Password', { exact: true }).fill(c.password);
    await page.getByLabel('Confirm Password').fill(c.password);
  },

  /** Signs up with `c` (new credentials when absent); returns them. */
  async signUp(page: Page, c: Credentials = newCredentials()): Promise<Credentials> {
    await authPage.openSignUp(page);
    await authPage.fillSignUp(page, c);
    await solveSecurityCheck(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    return c;
  },

  /** The card step after sign-up: on with a free account. */
  async skipTrial(page: Page): Promise<void> {
    await page.getByRole('heading', { name: 'Complete Your Setup' }).waitFor();
    await page.getByRole('button', { name: 'Skip for now and use a free account' }).click();
  },

  async signIn(page: Page, email: string, password: string): Promise<void> {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  },
};
