import type { StripeConfig } from '../config/app.config.js';

/** Where Stripe.js comes from, unless tests load a stand-in (STRIPE_JS_URL). */
export const STRIPE_JS_ORIGIN = 'https://js.stripe.com';
/** Stripe's frames for card authentication (3D Secure) and redirects. */
const STRIPE_HOOKS_ORIGIN = 'https://hooks.stripe.com';
/** Stripe's API, which Stripe.js calls from the page. */
const STRIPE_API_ORIGIN = 'https://api.stripe.com';

/** helmet's `contentSecurityPolicy.directives`: each directive's sources, or null to leave one of helmet's defaults out. */
export type CspDirectives = Record<string, string[] | null>;

/**
 * The Content-Security-Policy's changes to helmet's strict default, which allows scripts, frames and connections from
 * our own origin only ('self', directly or through default-src). The site is served over plain HTTP by default
 * (http://localhost:3000), so there is no upgrade-insecure-requests. With Stripe as the payment provider the card step
 * runs Stripe.js, and the policy adds exactly the sources Stripe's integration security guide lists for it: the
 * script from js.stripe.com, its frames from js.stripe.com and hooks.stripe.com, its calls to api.stripe.com. A
 * stand-in Stripe.js in tests (STRIPE_JS_URL) takes js.stripe.com's place for scripts and frames. Media may also come
 * from the page's own object URLs (blob:), which only the page itself can make.
 */
export function contentSecurityPolicyDirectives(stripe: Pick<StripeConfig, 'jsUrl'> | undefined): CspDirectives {
  // The landing result plays the original still in the page (an object URL) beside the result: before and after.
  const strict: CspDirectives = { 'upgrade-insecure-requests': null, 'media-src': ["'self'", 'blob:'] };
  if (!stripe) return strict;
  const stripeJs = stripe.jsUrl ? new URL(stripe.jsUrl).origin : STRIPE_JS_ORIGIN;
  return {
    ...strict,
    'script-src': ["'self'", stripeJs],
    'frame-src': ["'self'", stripeJs, STRIPE_HOOKS_ORIGIN],
    'connect-src': ["'self'", STRIPE_API_ORIGIN],
  };
}
