import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeFake, startStripeFake } from '../../server/test/fakes/stripe-fake.js';
import { type AppServer, startAppServer } from '../support/app-server.js';
import { authPage, newCredentials } from '../support/auth-page.js';
import { type BrowserSession, launchBrowser, type Page, screenshot } from '../support/browser.js';
import { type StripeJsStandIn, startStripeJsStandIn } from '../support/stripe-js-stand-in.js';

/**
 * What the page's Content-Security-Policy refused, from the browser's own reports and its console. Not counted: the
 * eval that zod tries once, in a try/catch, to see whether it may compile its parsers (`allowsEval`); refused, it
 * parses without compiling, on every page of the site, whatever the payment provider.
 */
async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportCspViolation: (violation: string) => void }).reportCspViolation;
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.blockedURI !== 'eval') report(`${event.effectiveDirective} refused ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

describe("the Stripe card step under the server's own Content-Security-Policy", () => {
  let fake: StripeFake;
  let stripeJs: StripeJsStandIn;
  let server: AppServer;
  let session: BrowserSession;

  beforeAll(async () => {
    const stripe = await startStripeFake('shrinkly_e2e');
    fake = stripe.fake;
    stripeJs = await startStripeJsStandIn((clientSecret) => fake.confirmSetupIntent(clientSecret, 'pm_card_visa'));
    server = await startAppServer({ NODE_ENV: 'test', ...stripe.env, STRIPE_JS_URL: stripeJs.scriptUrl });
    session = await launchBrowser(server.baseUrl);
  });
  afterAll(async () => {
    await session?.close();
    await server?.stop();
    await stripeJs?.close();
    await fake?.close();
  });

  it("loads Stripe.js from its own origin, mounts Stripe's card frame and starts the trial with the card set up at Stripe", async () => {
    const page = await session.newPage();
    const violations = await watchCspViolations(page);
    const user = newCredentials();
    const document = page.waitForResponse(
      (res) => res.request().resourceType() === 'document' && new URL(res.url()).pathname === '/auth',
    );
    await authPage.signUp(page, user);
    const policy = (await document).headers()['content-security-policy']?.split(';');
    expect(policy).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        `script-src 'self' ${stripeJs.origin}`,
        `frame-src 'self' ${stripeJs.origin} https://hooks.stripe.com`,
        "connect-src 'self' https://api.stripe.com",
      ]),
    );

    await page.getByRole('heading', { name: 'Complete Your Setup' }).waitFor();
    const frame = page.getByTestId('stripe-card-field').locator('iframe[title="Secure card payment input frame"]');
    await frame.waitFor();
    expect(new URL((await frame.getAttribute('src')) ?? '').origin).toBe(stripeJs.origin);
    expect(stripeJs.requests).toContain('GET /v3/');
    await frame.contentFrame().getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Cardholder Name').fill(user.name);
    await page.getByRole('checkbox', { name: /agree to be charged \$3\.99\/month after the 7-day free trial/ }).check();
    await screenshot(page, 'stripe-trial-card-step');

    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.waitForURL('**/subscription-success?plan=trial');
    await page.getByRole('heading', { name: 'Free Trial Started!' }).waitFor();
    expect(stripeJs.requests).toContain('POST /confirm-setup-intent');
    expect([...fake.subscriptions.values()].map((s) => s.status)).toEqual(['trialing']);
    expect(violations).toEqual([]);
    await page.close();
  });
});
