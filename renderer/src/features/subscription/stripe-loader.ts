import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { requestStripeJsUrl } from './api';

let scriptAdded: Promise<void> | null = null;

/**
 * Adds the script at `url` to the page, once. It defines `window.Stripe`, which Stripe's loader then uses instead of
 * adding its own script. A script that fails to load is taken out again, so a retry adds it anew.
 */
function addScript(url: string): Promise<void> {
  scriptAdded ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      scriptAdded = null;
      script.remove();
      reject(new Error(`Stripe.js could not be loaded from ${url}`));
    });
    document.head.appendChild(script);
  });
  return scriptAdded;
}

/**
 * Stripe.js for a publishable key, through Stripe's official loader: it adds Stripe's script (js.stripe.com) to the
 * page the first time, then reuses it. The `pure` entry loads nothing until it is called, so only a server whose
 * payment provider is Stripe ever loads it. A test server names a stand-in script instead (its STRIPE_JS_URL), added
 * here first. Null where Stripe.js cannot run.
 */
export async function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  const url = await requestStripeJsUrl();
  if (url) await addScript(url);
  return loadStripe(publishableKey);
}
