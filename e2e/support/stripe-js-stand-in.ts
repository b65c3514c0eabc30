import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stripe.js as the card step uses it, served from an origin of its own as js.stripe.com serves the real one:
 * `Stripe(publishableKey)` → `elements().create('card')` → an element that mounts Stripe-style as a frame from this
 * origin (the card number is typed there, never into the page), reports `change` events, and `confirmCardSetup`,
 * which the frame confirms with this server, as Stripe's frames talk to Stripe. Only the parts stripe-setup.ts calls.
 */
const STRIPE_JS = `(() => {
  const origin = new URL(document.currentScript.src).origin;
  const listeners = {};
  const confirmations = new Map();
  let frame = null;
  let nextId = 0;
  window.addEventListener('message', (event) => {
    if (event.origin !== origin || !frame || event.source !== frame.contentWindow) return;
    const message = event.data;
    if (message.type === 'change') {
      for (const listener of listeners.change ?? []) listener({ elementType: 'card', empty: message.empty, complete: message.complete, error: undefined });
    }
    if (message.type === 'confirmed') {
      confirmations.get(message.id)?.(message.result);
      confirmations.delete(message.id);
    }
  });
  const toFrame = (message) => frame?.contentWindow?.postMessage(message, origin);
  const card = {
    mount(target) {
      const parent = typeof target === 'string' ? document.querySelector(target) : target;
      frame = document.createElement('iframe');
      frame.src = origin + '/card-frame.html#' + encodeURIComponent(location.origin);
      frame.title = 'Secure card payment input frame';
      frame.style.cssText = 'border: 0; width: 100%; height: 24px';
      parent.appendChild(frame);
    },
    on(event, listener) {
      (listeners[event] ??= []).push(listener);
      return card;
    },
    update(options) {
      toFrame({ type: 'update', disabled: Boolean(options.disabled) });
    },
    unmount() {
      frame?.remove();
      frame = null;
    },
    destroy() {
      card.unmount();
    },
  };
  window.Stripe = (publishableKey) => ({
    elements: () => ({ create: () => card }),
    confirmCardSetup: (clientSecret) => new Promise((resolve) => {
      nextId += 1;
      confirmations.set(nextId, resolve);
      toFrame({ type: 'confirm', id: nextId, clientSecret });
    }),
  });
})();
`;

/** The card field's frame: a card number input; confirms a SetupIntent with the server it came from. */
const CARD_FRAME = String.raw`<!doctype html>
<html><body style="margin: 0">
<label>Card number <input id="number" inputmode="numeric" autocomplete="cc-number"></label>
<script>
  const page = decodeURIComponent(location.hash.slice(1));
  const input = document.getElementById('number');
  input.addEventListener('input', () => {
    const digits = input.value.replace(/\D/g, '');
    parent.postMessage({ type: 'change', empty: digits.length === 0, complete: digits.length >= 16 }, page);
  });
  addEventListener('message', async (event) => {
    if (event.source !== parent || event.origin !== page) return;
    const message = event.data;
    if (message.type === 'update') input.disabled = message.disabled;
    if (message.type !== 'confirm') return;
    const res = await fetch('/confirm-setup-intent', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientSecret: message.clientSecret }),
    });
    const body = await res.json();
    const result = res.ok
      ? { setupIntent: { status: 'succeeded', payment_method: body.paymentMethodId } }
      : { error: { type: 'card_error', message: body.message } };
    parent.postMessage({ type: 'confirmed', id: message.id, result }, page);
  });
</script>
</body></html>
`;

export interface StripeJsStandIn {
  /** The script's address, for STRIPE_JS_URL. */
  scriptUrl: string;
  origin: string;
  /** Requests served, as "METHOD /path". */
  requests: string[];
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Serves the stand-in Stripe.js on a free port of 127.0.0.1. `confirmSetupIntent` confirms a SetupIntent by its
 * client secret and answers the new payment method's id, as Stripe does for the card typed into its frame.
 */
export async function startStripeJsStandIn(confirmSetupIntent: (clientSecret: string) => string): Promise<StripeJsStandIn> {
  const requests: string[] = [];
  const send = (res: ServerResponse, status: number, type: string, body: string) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(body);
  };
  const server = createServer((req, res) => {
    const route = `${req.method} ${new URL(req.url ?? '/', 'http://stand-in').pathname}`;
    requests.push(route);
    if (route === 'GET /v3/') return send(res, 200, 'text/javascript', STRIPE_JS);
    if (route === 'GET /card-frame.html') return send(res, 200, 'text/html', CARD_FRAME);
    if (route !== 'POST /confirm-setup-intent') return send(res, 404, 'text/plain', 'not found');
    void bodyOf(req).then((raw) => {
      try {
        const { clientSecret } = JSON.parse(raw) as { clientSecret: string };
        send(res, 200, 'application/json', JSON.stringify({ paymentMethodId: confirmSetupIntent(clientSecret) }));
      } catch (err) {
        send(res, 402, 'application/json', JSON.stringify({ message: err instanceof Error ? err.message : String(err) }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    scriptUrl: `${origin}/v3/`,
    origin,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
