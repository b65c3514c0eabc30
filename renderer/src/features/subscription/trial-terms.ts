import { SUBSCRIPTION_PRICE_USD, TRIAL_DAYS } from '@shrinkly/contract';
import { formatMoney } from '../../format/format-money';

const price = `${formatMoney(SUBSCRIPTION_PRICE_USD)}/month`;

/** The trial card step's terms checkbox (SPEC section 5 "Trial card step"). */
export const TRIAL_TERMS = `I agree to be charged ${price} after the ${TRIAL_DAYS}-day free trial. I can cancel anytime before the trial ends and will not be charged.`;

/** The toast after the trial starts (SPEC section 8 "Auth"). */
export const TRIAL_STARTED = {
  title: 'Trial Started!',
  message: `Your ${TRIAL_DAYS}-day free trial has begun. You'll be charged ${price} after the trial ends.`,
};

export const TRIAL_SETUP_FAILED = 'Failed to set up trial subscription';
