import { AUTH_RATE_LIMIT, ErrorMessages } from '@shrinkly/contract';
import { describe, expect, inject, it } from 'vitest';
import { authPage, newCredentials, solveSecurityCheck } from '../support/auth-page.js';
import { browserForTests } from '../support/browser.js';
import { resetLinkFromOutbox } from '../support/outbox.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

/** A JSON POST to the API, as a script (not the page) sends it. */
const post = (path: string, body: unknown) =>
  fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('accounts in the browser', () => {
  const session = browserForTests(baseUrl);

  it('signs up, skips the trial card step and lands on the dashboard welcomed by name; logs out', async () => {
    const page = await session.newPage();
    const user = await authPage.signUp(page);
    await authPage.skipTrial(page);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: `Welcome, ${user.name}!` }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();

    // A reload keeps the session: the stored token loads the user again.
    await page.reload();
    await page.getByRole('heading', { name: `Welcome, ${user.name}!` }).waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText(user.email).waitFor();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    await page.close();
  });

  it('checks the sign-up form in its order (VAL-01 to VAL-05) and refuses an email that is already registered', async () => {
    const page = await session.newPage();
    const user = newCredentials();
    await authPage.openSignUp(page);
    const submit = page.getByRole('button', { name: 'Create Account' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Answer').fill('-1');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Incorrect answer. Please try again.').waitFor();
    await solveSecurityCheck(page);
    await submit.click();
    await page.getByText('Please enter your full name').waitFor();
    await page.getByLabel('Full Name').fill(user.name);
    await submit.click();
    await page.getByText('Please enter your email address').waitFor();
    await page.getByLabel('Email').fill(user.email);
    await submit.click();
    await page.getByText('Please enter a password').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm Password').fill('something else');
    await submit.click();
    await page.getByText('Passwords do not match').waitFor();

    // Register the address through the API, then try it in the form.
    await post('/api/auth/register', user);
    await page.getByLabel('Confirm Password').fill(user.password);
    await submit.click();
    await page.getByText('Email Already Registered').waitFor();
    await page.close();
  });

  it('shows the Authentication Failed dialog for a wrong password, and Welcome back for the right one', async () => {
    const page = await session.newPage();
    const user = newCredentials();
    await post('/api/auth/register', user);
    await authPage.signIn(page, user.email, 'not my password');
    const dialog = page.getByRole('dialog', { name: 'Authentication Failed' });
    await dialog.waitFor();
    await dialog.getByText('Invalid username or password. Please check your credentials and try again.').waitFor();
    await dialog.getByRole('button', { name: 'Try Again' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const welcome = page.getByRole('dialog', { name: 'Welcome back' });
    await welcome.waitFor();
    // It continues by itself after three seconds.
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    await page.getByRole('heading', { name: `Welcome, ${user.name}!` }).waitFor();
    await page.close();
  });

  it('says in the sign-in form when sign-in is refused for too many attempts', async () => {
    const page = await session.newPage();
    const user = newCredentials();
    await post('/api/auth/register', user);
    // Ten wrong passwords from this address: it is refused on this account (and only this one) for a while.
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts; i++) {
      expect((await post('/api/auth/login', { email: user.email, password: `wrong ${i}` })).status).toBe(401);
    }

    await authPage.signIn(page, user.email, user.password);
    // In the form itself, where it stays while the wait lasts, not in a toast that is gone after five seconds.
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('alert').filter({ hasText: ErrorMessages.rateLimited }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Authentication Failed' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await page.close();
  });

  it('resets a forgotten password through the emailed link', async () => {
    const page = await session.newPage();
    const user = newCredentials();
    await post('/api/auth/register', user);

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Reset Link Sent').waitFor();

    const link = await resetLinkFromOutbox(dataDir, user.email);
    const { pathname, search } = new URL(link);
    await page.goto(pathname + search);
    await page.getByLabel('New Password').fill('second password');
    await page.getByLabel('Confirm Password').fill('second password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password Reset Successful' }).waitFor();
    await page.waitForURL('**/auth', { timeout: 10_000 });

    await authPage.signIn(page, user.email, user.password);
    await page.getByRole('dialog', { name: 'Authentication Failed' }).waitFor();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByLabel('Password', { exact: true }).fill('second password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: `Welcome, ${user.name}!` }).waitFor();
    await page.close();
  });

  it('sends a reset page without a token back to sign-in', async () => {
    const page = await session.newPage();
    await page.goto('/reset-password');
    await page.getByText('Invalid Reset Link').waitFor();
    await page.waitForURL('**/auth');
    await page.close();
  });

  it('sends signed-out visitors from /dashboard to /', async () => {
    const page = await session.newPage();
    // The browser profile is shared by this file's tests: forget any session an earlier test left.
    await page.goto('/');
    await page.evaluate(() => localStorage.clear());
    await page.goto('/dashboard');
    await page.waitForURL(`${baseUrl}/`);
    await page.locator('#pricing').waitFor();
    await page.close();
  });
});
