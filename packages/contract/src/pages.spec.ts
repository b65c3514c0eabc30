import { describe, expect, it } from 'vitest';
import { pages } from './pages.js';

describe('pages', () => {
  it('builds the links the server hands out, their parameters encoded', () => {
    expect(pages.paymentSuccess('compression', 'a b', 'pi/1')).toBe('/payment-success/compression?jobId=a%20b&paymentId=pi%2F1');
    expect(`${pages.paymentSuccess('subscription', 'j1')}&paymentId={CHECKOUT_SESSION_ID}`).toBe(
      '/payment-success/subscription?jobId=j1&paymentId={CHECKOUT_SESSION_ID}',
    );
    expect(pages.paymentError('payment_cancelled', 'j1')).toBe('/payment-error?error=payment_cancelled&jobId=j1');
    expect(pages.paymentFailed('j&1')).toBe('/payment-failed?jobId=j%261');
    expect(pages.resetPassword('t+k=')).toBe('/reset-password?token=t%2Bk%3D');
    expect(pages.payment('j/1')).toBe('/payment/j%2F1');
    expect(pages.subscriptionSuccess('trial')).toBe('/subscription-success?plan=trial');
  });
});
