import { ErrorMessages, TRIAL_DAYS, type User } from '@shrinkly/contract';
import { CardDeclinedError, type PaymentPort } from '../../adapters/payments/payment.port.js';
import { ConflictError, PaymentRequiredError } from '../../common/errors.js';
import type { UserRow } from '../../db/schema/index.js';
import type { FileRepository } from '../files/file.repository.js';
import type { UserRepository } from '../accounts/user.repository.js';
import type { Clock } from '../../common/clock.js';
import { toUserView } from './user-view.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The 7-day free trial: one per account, started with a card saved at the payment provider. */
export class TrialService {
  constructor(
    private readonly users: UserRepository,
    private readonly files: FileRepository,
    private readonly payments: PaymentPort,
    private readonly clock: Clock,
  ) {}

  /** `card` has passed the contract's checks (digits, Luhn, MM/YY, CVV); the number and CVV go to the provider only. */
  async start(user: UserRow, card: { cardNumber: string; expiryDate: string; cvv: string; cardholderName: string }): Promise<User> {
    if (user.subscriptionStatus !== 'none' || user.trialEndsAt) throw new ConflictError(ErrorMessages.trialUsed);
    const [month, year] = card.expiryDate.split('/').map(Number) as [number, number];
    const expYear = 2000 + year;
    const now = this.clock.now();
    // A card works until the end of its expiry month.
    if (new Date(Date.UTC(expYear, month, 1)) <= now) throw new PaymentRequiredError(ErrorMessages.cardExpired);
    const saved = await this.payments
      .saveCard({ number: card.cardNumber, expMonth: month, expYear, cvv: card.cvv, holder: card.cardholderName })
      .catch((err: unknown) => {
        throw err instanceof CardDeclinedError ? new PaymentRequiredError(ErrorMessages.cardDeclined) : err;
      });
    const row = await this.users.startTrial(user.id, {
      trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
      cardToken: saved.token, cardBrand: saved.brand, cardLast4: saved.last4, cardExpMonth: month, cardExpYear: expYear,
    });
    if (!row) throw new ConflictError(ErrorMessages.trialUsed);
    // Files uploaded while free were temporary; a trial account keeps them.
    await this.files.keepAll(user.id);
    return toUserView(row, now);
  }
}
