import { readFile } from 'node:fs/promises';
import {
  createApiClient,
  REVENUE_CSV_COLUMNS,
  REVENUE_PERIODS,
  type Revenue,
  revenuePeriodOf,
  USERS_CSV_COLUMNS,
} from '@shrinkly/contract';
import Papa from 'papaparse';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_ADMIN } from '../support/admin.js';
import { browserForTests } from '../support/browser.js';

const baseUrl = inject('baseUrl');

async function post(path: string, body: unknown, token?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** Clicks an Export CSV button and reads the saved file: its name and its rows, header first. */
async function exportCsv(page: Page): Promise<{ name: string; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download') as Promise<Download>,
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  return { name: download.suggestedFilename(), rows: Papa.parse<string[]>(text.trim()).data };
}

describe('the admin panel in the browser', () => {
  const session = browserForTests(baseUrl);
  let page: Page;
  const stamp = Date.now();
  const users = ['Avery', 'Blake', 'Casey'].map((first) => ({
    name: `${first} Admincase${stamp}`,
    email: `${first.toLowerCase()}.admincase.${stamp}@example.com`,
    password: 'first password',
  }));

  beforeAll(async () => {
    page = await session.newPage();
    for (const user of users) {
      const registered = await post('/api/auth/register', user);
      expect(registered.ok).toBe(true);
      tokens.push(((await registered.json()) as { token: string }).token);
    }
  });

  const tokens: string[] = [];
  const row = (name: string) => page.getByRole('listitem', { name, exact: true });

  it('refuses a wrong password in the Authentication Failed dialog, then signs in to the dashboard', async () => {
    await page.goto('/adminadmin');
    await page.getByLabel('Admin Email').fill(TEST_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Authentication Failed' });
    await dialog.getByText('Invalid username or password. Please check your credentials and try again.').waitFor();
    await dialog.getByRole('button', { name: 'Try Again' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByLabel('Password', { exact: true }).fill(TEST_ADMIN.password);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect(await page.getByRole('tab', { name: 'Client Accounts' }).getAttribute('aria-selected')).toBe('true');

    // A stored token skips the login.
    await page.goto('/adminadmin');
    await page.waitForURL('**/admin');
  });

  it("searches by name or email, any case, and shows a user's details with their API keys, which staff can revoke", async () => {
    const userApi = createApiClient({ baseUrl, getToken: () => tokens[1] });
    await userApi.setupTrial({
      creditCard: { cardholderName: users[1]!.name, cardNumber: '4242 4242 4242 4242', expiryDate: '12/39', cvv: '123' },
    });
    const { key, secret } = await userApi.createApiKey({ name: 'deploy script', scopes: ['files:read'] });
    await page.getByLabel('Search users').fill(`ADMINCASE${stamp}`);
    for (const user of users) await row(user.name).waitFor();
    await page.getByLabel('Search users').fill(users[1]!.email.toUpperCase());
    await row(users[0]!.name).waitFor({ state: 'detached' });
    await row(users[1]!.name).waitFor();
    expect(await page.getByRole('list', { name: 'Users' }).getByRole('listitem').count()).toBe(1);
    await row(users[1]!.name).getByText('0.0 MB').waitFor();

    await page.getByRole('button', { name: `View details of ${users[1]!.name}` }).click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await details.getByText(users[1]!.email).waitFor();
    await details.getByText('0.00 MB').waitFor();
    await details.getByText('deploy script').waitFor();
    await details.getByText('Never used').waitFor();
    await details.getByRole('button', { name: `Revoke key ${key.prefix}` }).click();
    await page.getByRole('dialog', { name: 'Revoke API key' }).getByRole('button', { name: 'Revoke key' }).click();
    await details.getByText(/ · revoked /).waitFor();
    const refused = await fetch(`${baseUrl}/api/files`, { headers: { authorization: `Bearer ${secret}` } });
    expect(refused.status).toBe(401);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
  });

  it('sends a user a password reset and terminates an account after the confirmation', async () => {
    await page.getByLabel('Search users').fill(`admincase${stamp}`);
    await row(users[0]!.name).waitFor();
    await page.getByRole('button', { name: `Send password reset to ${users[0]!.name}` }).click();
    await page.getByText('Password reset email sent successfully').waitFor();

    await page.getByRole('button', { name: `Terminate ${users[2]!.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Terminate Account' });
    await confirm.getByText(/all associated data of .* will be permanently deleted and cannot be recovered/).waitFor();
    await confirm.getByText(users[2]!.name).waitFor();
    await confirm.getByRole('button', { name: 'Terminate Account' }).click();
    await page.getByText('User account has been terminated successfully').waitFor();
    await row(users[2]!.name).waitFor({ state: 'detached' });
    await row(users[0]!.name).waitFor();
    expect((await post('/api/auth/login', { email: users[2]!.email, password: users[2]!.password })).status).toBe(401);
  });

  it("exports the searched users as a CSV with the users CSV's columns (CONST-28)", async () => {
    const { name, rows } = await exportCsv(page);
    expect(name).toMatch(/^Shrinkly-users-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows[0]).toEqual(USERS_CSV_COLUMNS);
    expect(
      rows
        .slice(1)
        .map((cells) => cells[2])
        .sort(),
    ).toEqual([users[0]!.email, users[1]!.email]);
    expect(['Premium', 'Trial', 'Free']).toContain(rows[1]?.[3]);
  });

  it('shows revenue by period, Monthly first, with the empty text for periods without revenue, and exports it', async () => {
    const token = await page.evaluate(() => localStorage.getItem('adminToken'));
    const revenue = (await (
      await fetch(`${baseUrl}/api/admin/revenue`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Revenue;

    await page.getByRole('tab', { name: 'Revenue' }).click();
    for (const label of ['Daily', 'Weekly', 'Monthly', 'Annually']) await page.getByLabel(`${label} revenue`).waitFor();
    expect(await page.getByRole('tab', { name: 'Monthly' }).getAttribute('aria-selected')).toBe('true');
    for (const period of REVENUE_PERIODS) {
      await page.getByRole('tab', { name: period.charAt(0).toUpperCase() + period.slice(1) }).click();
      const panel = page.getByRole('tabpanel');
      const first = revenue[period][0];
      if (first) await panel.getByText(revenuePeriodOf(first), { exact: true }).waitFor();
      else await panel.getByText(`No ${period} revenue data available`).waitFor();
    }

    const { name, rows } = await exportCsv(page);
    expect(name).toMatch(/^Shrinkly-revenue-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows[0]).toEqual(REVENUE_CSV_COLUMNS);
    expect(rows.length - 1).toBe(REVENUE_PERIODS.reduce((sum, period) => sum + revenue[period].length, 0));
  });

  it('logs out to the login, and a refused stored token is removed', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/adminadmin');
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    await page.goto('/admin');
    await page.waitForURL('**/adminadmin');

    await page.evaluate(() => localStorage.setItem('adminToken', 'not-a-real-token'));
    await page.goto('/admin');
    await page.waitForURL('**/adminadmin');
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();

    // A valid token whose check fails on the server's side goes too (ADM-23: any failure of the users call).
    const { token } = (await (
      await post('/api/admin/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password })
    ).json()) as { token: string };
    expect(token).toBeTruthy();
    await page.evaluate((stored) => localStorage.setItem('adminToken', stored), token);
    await page.route('**/api/admin/users**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
    );
    try {
      await page.goto('/admin');
      await page.waitForURL('**/adminadmin');
      expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    } finally {
      await page.unroute('**/api/admin/users**');
    }
  });

  it('asks for an administrator reset email', async () => {
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/admin-reset-password');
    await page.getByRole('heading', { name: 'Reset Admin Password' }).waitFor();
    expect(await page.getByLabel('Admin Email').inputValue()).toBe(TEST_ADMIN.email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await page.getByRole('heading', { name: 'Email Sent' }).waitFor();
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await page.waitForURL('**/adminadmin');
  });
});
