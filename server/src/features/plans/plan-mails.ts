import { PRODUCT_NAME, SUBSCRIPTION_PRICE_USD, TRIAL_DAYS } from '@shrinkly/contract';
import type { MailMessage } from '../../adapters/mail/mail.port.js';
import type { PlanMail } from './plan-lifecycle.js';

const price = `$${SUBSCRIPTION_PRICE_USD.toFixed(2)}`;
const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : 'the end of the period');

/** What each plan email says; `settingsUrl` is where the plan is managed. */
export function planMail(
  kind: PlanMail,
  to: { email: string; name: string },
  when: { trialEndsAt: Date | null; periodEnd: Date | null },
  settingsUrl: string,
): MailMessage {
  const lines: Record<PlanMail, { subject: string; body: string[] }> = {
    'trial-started': {
      subject: `Your ${PRODUCT_NAME} free trial has begun`,
      body: [
        `Your ${TRIAL_DAYS}-day free trial has begun.`,
        `You will be charged ${price}/month from ${day(when.trialEndsAt)} unless you cancel before then.`,
      ],
    },
    'trial-ending': {
      subject: `Your ${PRODUCT_NAME} trial ends on ${day(when.trialEndsAt)}`,
      body: [
        `Your free trial ends on ${day(when.trialEndsAt)}.`,
        `Your card on file will then be charged ${price} for the first month. Cancel before then to pay nothing.`,
      ],
    },
    receipt: {
      subject: `${PRODUCT_NAME} receipt: ${price}`,
      body: [`We received your payment of ${price} for ${PRODUCT_NAME} Premium.`, `Your plan renews on ${day(when.periodEnd)}.`],
    },
    'payment-failed': {
      subject: `${PRODUCT_NAME}: your payment did not go through`,
      body: [
        `We could not charge your card ${price} for ${PRODUCT_NAME} Premium.`,
        'We will try again; update your card or cancel in your settings.',
      ],
    },
    canceled: {
      subject: `Your ${PRODUCT_NAME} subscription is canceled`,
      body: [
        'Your subscription is canceled: you will not be charged again.',
        'You can reactivate it from your settings at any time.',
      ],
    },
  };
  const { subject, body } = lines[kind];
  const text = [`Hello ${to.name},`, '', ...body, '', `Manage your plan: ${settingsUrl}`].join('\n');
  return { to: to.email, subject, text, link: settingsUrl };
}
