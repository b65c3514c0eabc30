import { ApiError, createApiClient } from '@shrinkly/contract';
import { describe, expect, inject, it } from 'vitest';
import { authPage, newCredentials } from '../support/auth-page.js';
import { browserForTests, screenshot } from '../support/browser.js';
import { apiAccount, dashboard } from '../support/dashboard-page.js';
import {
  buttonLabelFits,
  cardForm,
  DECLINED_CARD,
  GOOD_CARD,
  longDate,
  openSettings,
  openSubscribe,
  settings,
  swipeToast,
  toast,
} from '../support/subscription-pages.js';

const baseUrl = inject('baseUrl');
const today = () => new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

describe('subscriptions in the browser', () => {
  const session = browserForTests(baseUrl);

  it('starts a trial at sign-up, checking the card step in its order (VAL-07, VAL-08); settings shows it, cancels and reactivates it', async () => {
    const page = await session.newPage();
    await authPage.signUp(page);
    await page.getByRole('heading', { name: 'Complete Your Setup' }).waitFor();
    const terms = page.getByRole('checkbox', { name: /agree to be charged \$3\.99\/month after the 7-day free trial/ });
    const start = page.getByRole('button', { name: 'Start Free Trial' });

    await start.click();
    const termsToast = 'Please accept the trial terms to continue';
    await toast(page, termsToast).waitFor();
    // A toast follows a swipe to the right: a short one springs back, as does one to the left, and 50 px or more to
    // the right dismisses it, however slow (CONST-24).
    await swipeToast(page, termsToast, 40);
    await swipeToast(page, termsToast, -80);
    expect(await toast(page, termsToast).isVisible()).toBe(true);
    await swipeToast(page, termsToast, 60);
    await toast(page, termsToast).waitFor({ state: 'detached', timeout: 3000 });
    await terms.check();
    await start.click();
    await toast(page, 'Please fill in all credit card fields').waitFor();

    // Typed digits are grouped by 4 and cut at 19; the expiry gets its slash; the CVV keeps 4 digits.
    await cardForm.fill(page, { ...GOOD_CARD, cardNumber: '4242424242424241' });
    expect(await page.getByLabel('Card Number').inputValue()).toBe('4242 4242 4242 4241');
    expect(await page.getByLabel('Expiry Date').inputValue()).toBe('12/39');
    await start.click();
    await toast(page, 'Card number is not valid').waitFor();
    await cardForm.fill(page, { cardNumber: GOOD_CARD.cardNumber, expiryDate: '1339' });
    await start.click();
    await toast(page, 'Expiry date must be MM/YY').waitFor();
    await cardForm.fill(page, { expiryDate: GOOD_CARD.expiryDate, cvv: '12' });
    await start.click();
    await toast(page, 'CVV must be 3 or 4 digits').waitFor();
    await page.getByLabel('CVV').fill('12345');
    expect(await page.getByLabel('CVV').inputValue()).toBe('1234');
    await terms.uncheck();
    await start.click();
    await toast(page, 'Please accept the trial terms to continue').waitFor();
    await terms.check();
    await screenshot(page, 'subscription-trial-card-step');
    await start.click();

    await toast(page, 'Trial Started!').waitFor();
    expect(await toast(page, 'Trial Started!').innerText()).toContain(
      "Your 7-day free trial has begun. You'll be charged $3.99/month after the trial ends.",
    );
    await page.waitForURL('**/subscription-success?plan=trial');
    await page.getByRole('heading', { name: 'Free Trial Started!' }).waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    const success = await page.locator('main').innerText();
    for (const text of ['Free for 7 days', 'Then $3.99/month', 'Cancel anytime before trial ends', 'Trial Reminder']) {
      expect(success).toContain(text);
    }
    await screenshot(page, 'subscription-success-trial');

    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    const banner = page.getByTestId('trial-banner');
    await banner.getByText('Free Trial Active').waitFor();
    expect(await banner.innerText()).toContain('7 days left');

    await openSettings(page);
    expect(await page.getByLabel('Account Type').inputValue()).toBe('Trial');
    expect(await page.getByLabel('Member Since').inputValue()).toBe(today());
    await settings.summary(page).waitFor();
    expect(await settings.row(page, 'Status').innerText()).toBe('Free trial');
    expect(await settings.row(page, 'Card').innerText()).toContain('Visa ending in 4242');

    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
    expect(await dialog.innerText()).toContain('You will not be charged. Your free trial stays active until');
    const confirm = dialog.getByRole('button', { name: 'Cancel Subscription' });
    await dialog.getByLabel('Type CANCEL to confirm').fill('cancel');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type CANCEL to confirm').fill('CANCEL');
    await confirm.click();
    await toast(page, 'Subscription Cancelled').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const canceled = page.getByRole('alert').filter({ hasText: 'Subscription Canceled' });
    await canceled.waitFor();
    expect(await settings.row(page, 'Status').innerText()).toBe('Canceled');
    await screenshot(page, 'settings-trial-canceled');

    await canceled.getByRole('button', { name: 'Reactivate Subscription' }).click();
    await toast(page, 'Subscription Reactivated').waitFor();
    await expect.poll(() => settings.row(page, 'Status').innerText()).toBe('Free trial');
    await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
    await page.close();
  });

  it('takes the new account back with Back to Registration, so the same email signs up again', async () => {
    const page = await session.newPage();
    await page.goto('/');
    await page.evaluate(() => localStorage.clear());
    const user = await authPage.signUp(page);
    await page.getByRole('button', { name: 'Back to Registration' }).click();
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    expect(await page.getByLabel('Full Name').inputValue()).toBe(user.name);
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await authPage.signUp(page, user);
    await authPage.skipTrial(page);
    await page.waitForURL('**/dashboard');
    await page.close();
  });

  it('subscribes a free account with the card form; batch compression unlocks; /subscribe then says Already Subscribed', async () => {
    const { token } = await apiAccount(baseUrl);
    const page = await session.newPage();
    const plan = await openSubscribe(page, token);
    await page.getByRole('heading', { level: 1, name: 'Subscribe to Premium' }).waitFor();
    await page.getByRole('heading', { name: 'Premium Features' }).waitFor();
    await page.getByRole('heading', { name: 'Compare Plans' }).waitFor();
    expect(await plan.innerText()).toContain('$3.99/month');

    await plan.getByRole('button', { name: 'Subscribe Now' }).click();
    await toast(page, 'Please fill in all credit card fields').waitFor();
    await cardForm.fill(plan, DECLINED_CARD);
    await plan.getByRole('button', { name: 'Subscribe Now' }).click();
    await toast(page, 'Payment Error').waitFor();
    await screenshot(page, 'subscribe-card-form');

    await cardForm.fill(plan, GOOD_CARD);
    await plan.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.waitForURL('**/subscription-success?plan=premium');
    await page.getByRole('heading', { name: 'Welcome to Premium!' }).waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    const success = await page.locator('main').innerText();
    for (const text of ['$3.99/month', 'Next billing in 30 days', 'Priority support']) expect(success).toContain(text);
    expect(success).not.toContain('Trial Reminder');
    await screenshot(page, 'subscription-success-premium');

    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    expect(await page.getByRole('menuitem', { name: /PREMIUM/ }).count()).toBe(0);
    await dashboard.openUploadMenu(page, 'Batch Compression');
    const batch = page.getByRole('dialog', { name: 'Batch Compression' });
    await batch.getByLabel('Choose files for batch compression').waitFor({ state: 'attached' });
    expect(await batch.getByTestId('batch-locked').count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto('/subscribe');
    const already = page.getByRole('button', { name: 'Already Subscribed' });
    await already.waitFor();
    expect(await already.isDisabled()).toBe(true);

    await page.goto('/settings');
    expect(await page.getByLabel('Account Type').inputValue()).toBe('Premium');
    expect(await settings.row(page, 'Status').innerText()).toBe('Active');
    expect(await settings.row(page, 'Card').innerText()).toContain('Visa ending in 4242');
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
    expect(await dialog.innerText()).toContain('You will not be charged again. You keep Premium until');
    await page.close();
  });

  it("shows a trial account Already Subscribed, with the trial's end and its first charge, instead of a pay button", async () => {
    const { token } = await apiAccount(baseUrl, { trial: true });
    const details = await createApiClient({ baseUrl, getToken: () => token }).subscription();
    const page = await session.newPage();
    const plan = await openSubscribe(page, token);
    const already = plan.getByRole('button', { name: 'Already Subscribed' });
    await already.waitFor();
    expect(await already.isDisabled()).toBe(true);
    const text = await plan.innerText();
    expect(text).toContain(`Your free trial ends on ${longDate(details.trialEndDate ?? '')}.`);
    expect(text).toContain(
      `The first $3.99 is charged on ${longDate(details.nextBillingDate ?? '')}, unless you cancel before then.`,
    );
    expect(await plan.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    await screenshot(page, 'subscribe-trial-already-subscribed');
    await plan.getByRole('link', { name: 'Manage your subscription in Settings' }).click();
    await page.waitForURL('**/settings');
    await page.close();
  });

  it("offers a canceled trial the card on file, then PayPal, with the pay button's label whole on narrow and wide screens", async () => {
    const { token } = await apiAccount(baseUrl, { trial: true });
    await createApiClient({ baseUrl, getToken: () => token }).cancelSubscription();
    const page = await session.newPage();
    const plan = await openSubscribe(page, token);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      const pay = plan.getByRole('button', { name: 'Pay $3.99/month with Visa ending in 4242' });
      await pay.waitFor();
      expect(await buttonLabelFits(pay), `at ${width} px`).toBe(true);
      await plan.getByText('or', { exact: true }).waitFor();
      await plan.getByRole('button', { name: 'Subscribe with PayPal' }).waitFor();
      await screenshot(page, `subscribe-card-on-file-${width}`);
    }
    await page.close();
  });

  it("subscribes with the sandbox's test-mode PayPal beside the card form: Cancel says Payment Cancelled, Approve gives Premium", async () => {
    const { token } = await apiAccount(baseUrl);
    const page = await session.newPage();
    const plan = await openSubscribe(page, token);
    await plan.getByRole('button', { name: 'Subscribe Now' }).waitFor();
    await plan.getByText('or', { exact: true }).waitFor();
    const paypal = plan.getByRole('button', { name: 'Subscribe with PayPal' });

    await paypal.click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    // Back on /subscribe: the query is dropped once the cancellation is told.
    await page.waitForURL('**/subscribe');
    await toast(page, 'Payment Cancelled').waitFor();

    await paypal.click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL('**/subscription-success?plan=premium');
    await page.getByRole('heading', { name: 'Welcome to Premium!' }).waitFor();
    const details = await createApiClient({ baseUrl, getToken: () => token }).subscription();
    expect(details).toMatchObject({ plan: 'premium', status: 'active', provider: 'sandbox-paypal' });

    await page.goto('/subscribe');
    const already = plan.getByRole('button', { name: 'Already Subscribed' });
    await already.waitFor();
    expect(await already.isDisabled()).toBe(true);
    expect(await plan.getByRole('button', { name: 'Subscribe with PayPal' }).count()).toBe(0);
    await page.close();
  });

  it('asks a signed-out visitor to sign in, then leads on to /subscribe', async () => {
    const credentials = newCredentials();
    await createApiClient({ baseUrl }).register(credentials);
    const page = await session.newPage();
    // The browser profile is shared by this file's tests: forget the session an earlier test left.
    await page.goto('/');
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL('**/subscribe');
    const signIn = page.getByRole('link', { name: 'Sign In to Subscribe' });
    await signIn.click();
    await page.waitForURL('**/auth?upgrade=true');
    await page.getByLabel('Email').fill(credentials.email);
    await page.getByLabel('Password', { exact: true }).fill(credentials.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/subscribe?upgrade=true');
    await page.getByRole('heading', { level: 1, name: 'Upgrade to Premium' }).waitFor();
    const plan = page.getByRole('region', { name: 'Premium', exact: true });
    await plan.getByRole('button', { name: 'Subscribe Now' }).waitFor();
    // An account that never had a plan may take the free trial first.
    await plan.getByRole('button', { name: 'Start with a 7-day free trial instead' }).click();
    await plan.getByRole('button', { name: 'Start Free Trial' }).waitFor();
    expect(await plan.getByRole('checkbox').count()).toBe(1);
    await page.close();
  });

  it('changes the password in settings, checking the form in its order (VAL-17), and deletes the account after DELETE', async () => {
    const credentials = newCredentials();
    const { token } = await createApiClient({ baseUrl }).register(credentials);
    const page = await session.newPage();
    await dashboard.open(page, token);
    await openSettings(page);
    expect(await page.getByLabel('Account Type').inputValue()).toBe('Free');
    expect(await page.getByLabel('Name').inputValue()).toBe(credentials.name);
    await page.getByRole('link', { name: 'Upgrade to Premium' }).waitFor();

    const form = page.getByRole('form', { name: 'Change password' });
    const update = form.getByRole('button', { name: 'Update Password' });
    await update.click();
    await toast(page, 'Missing Fields').waitFor();
    await form.getByLabel('Current Password').fill('wrong password');
    await form.getByLabel('New Password', { exact: true }).fill('short');
    await form.getByLabel('Confirm New Password').fill('shorter');
    await update.click();
    await toast(page, "Passwords Don't Match").waitFor();
    await form.getByLabel('Confirm New Password').fill('short');
    await update.click();
    await toast(page, 'Password must be at least 6 characters long').waitFor();
    await form.getByLabel('New Password', { exact: true }).fill('second password');
    await form.getByLabel('Confirm New Password').fill('second password');
    await update.click();
    await toast(page, 'Password Reset Failed').waitFor();
    await form.getByLabel('Current Password').fill(credentials.password);
    await update.click();
    await toast(page, 'Password Updated').waitFor();

    // The change ends older sessions; this one goes on, signed in again with the new password.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor();
    await expect(
      createApiClient({ baseUrl }).login({ email: credentials.email, password: 'second password' }),
    ).resolves.toBeTruthy();

    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await toast(page, 'Account Deleted').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    const refused = await createApiClient({ baseUrl })
      .login({ email: credentials.email, password: 'second password' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);

    // Settings are for signed-in users only.
    await page.goto('/settings');
    await page.waitForURL(`${baseUrl}/`);
    await page.close();
  });
});
