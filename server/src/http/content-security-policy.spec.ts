import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/app.config.js';
import { contentSecurityPolicyDirectives } from './content-security-policy.js';

/** The Content-Security-Policy header helmet sends with these directives. */
function headerOf(directives: ReturnType<typeof contentSecurityPolicyDirectives>): string {
  let header = '';
  const res = {
    setHeader: (name: string, value: string) => (header = name.toLowerCase() === 'content-security-policy' ? value : header),
  };
  helmet.contentSecurityPolicy({ directives })({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return header;
}

/** The header as directive → sources. */
function directivesOf(header: string): Map<string, string> {
  return new Map(
    header.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(' ');
      return [name, sources.join(' ')];
    }),
  );
}

/** helmet's default policy, less upgrade-insecure-requests: what the site has always sent. */
const STRICT = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' https: 'unsafe-inline'",
  "media-src 'self' blob:",
].join(';');

const SECRET = { JWT_SECRET: 'x'.repeat(40), NODE_ENV: 'test' };
const PAYPAL = {
  PAYMENT_PROVIDER: 'paypal',
  PAYPAL_CLIENT_ID: 'id',
  PAYPAL_CLIENT_SECRET: 'secret',
  PAYPAL_PLAN_ID: 'P-1',
  PAYPAL_WEBHOOK_ID: 'WH-1',
};
const STRIPE = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  STRIPE_PRICE_ID: 'price_abc',
};

describe('contentSecurityPolicyDirectives', () => {
  it("keeps helmet's strict default with the sandbox and PayPal: scripts, frames and connections from the site only", () => {
    for (const provider of [{}, PAYPAL]) {
      expect(headerOf(contentSecurityPolicyDirectives(loadConfig({ ...SECRET, ...provider }).stripe))).toBe(STRICT);
    }
  });

  it('adds exactly the sources Stripe.js needs with Stripe', () => {
    const policy = directivesOf(headerOf(contentSecurityPolicyDirectives(loadConfig({ ...SECRET, ...STRIPE }).stripe)));
    const expected = new Map(directivesOf(STRICT));
    expected.set('script-src', "'self' https://js.stripe.com");
    expected.set('frame-src', "'self' https://js.stripe.com https://hooks.stripe.com");
    expected.set('connect-src', "'self' https://api.stripe.com");
    expect(policy).toEqual(expected);
  });

  it("allows a stand-in Stripe.js's origin in js.stripe.com's place", () => {
    const standIn = loadConfig({
      ...SECRET,
      ...STRIPE,
      NODE_ENV: 'test',
      STRIPE_JS_URL: 'http://127.0.0.1:4567/v3/stripe.js?x=1',
    });
    const policy = directivesOf(headerOf(contentSecurityPolicyDirectives(standIn.stripe)));
    expect(policy.get('script-src')).toBe("'self' http://127.0.0.1:4567");
    expect(policy.get('frame-src')).toBe("'self' http://127.0.0.1:4567 https://hooks.stripe.com");
    expect(policy.get('connect-src')).toBe("'self' https://api.stripe.com");
    expect([...policy.values()].join(' ')).not.toContain('js.stripe.com');
  });
});
