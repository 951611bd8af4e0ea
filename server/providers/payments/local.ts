import { randomUUID } from 'node:crypto';
import cardValidator from 'card-validator';
import { addDays } from 'date-fns';
import { SUBSCRIPTION_MESSAGES, TRIAL_DAYS } from '../../../common/billing';
import { AppError, NOT_FOUND_MESSAGE } from '../../lib/errors';
import type { CardDetails, PaymentProvider } from './index';

// The offline payment provider: no money moves. It checks a card the way a
// real processor would (Luhn, expiry, CVV length) and declines Stripe's
// well-known test numbers for refusals, so every path can be tried locally.
// It keeps only the brand and the last four digits.

export const CARD_DECLINED_MESSAGE = 'Tu tarjeta fue rechazada. Prueba con otra tarjeta.';
export const INSUFFICIENT_FUNDS_MESSAGE = 'Tu tarjeta no tiene fondos suficientes. Prueba con otra tarjeta.';
export const CARD_EXPIRED_MESSAGE = 'Tu tarjeta está vencida. Revisa la fecha o usa otra tarjeta.';
export const CARD_REQUIRED_MESSAGE = 'Por favor ingresa los datos de tu tarjeta.';

/** Stripe's test numbers for refusals, honoured here too. */
const REFUSALS: Record<string, string> = {
  '4000000000000002': CARD_DECLINED_MESSAGE,
  '4000000000009995': INSUFFICIENT_FUNDS_MESSAGE,
};

function cardError(message: string, field: keyof CardDetails | 'expirationDate' | 'cardNumber') {
  return new AppError('card_error', 402, message, { fields: { [field]: message } });
}

/** Throws a Spanish card error unless the card would be accepted. */
export function checkCard(card: CardDetails, now: Date): { brand: string; last4: string } {
  const number = cardValidator.number(card.number);
  if (!number.isValid || !number.card) throw cardError(SUBSCRIPTION_MESSAGES.cardNumber, 'cardNumber');
  // A card is good through the last day of its expiry month.
  const firstDayAfter = new Date(Date.UTC(card.expYear, card.expMonth, 1));
  if (firstDayAfter.getTime() <= now.getTime()) throw cardError(CARD_EXPIRED_MESSAGE, 'expirationDate');
  if (card.cvv.length !== number.card.code.size) throw cardError(SUBSCRIPTION_MESSAGES.cvv, 'cvv');
  const refusal = REFUSALS[card.number];
  if (refusal) throw cardError(refusal, 'cardNumber');
  return { brand: number.card.niceType, last4: card.number.slice(-4) };
}

export function createSandboxPayments(): PaymentProvider {
  return {
    name: 'sandbox',
    collectsCardInDialog: true,
    // Served with the offer rather than built into the client: it is the sandbox's to say.
    testCard: '4242 4242 4242 4242',
    async startSubscription({ card, now }) {
      if (!card) throw cardError(CARD_REQUIRED_MESSAGE, 'cardNumber');
      const { brand, last4 } = checkCard(card, now);
      const trialEndsAt = addDays(now, TRIAL_DAYS);
      return {
        customerId: `sandbox_cus_${randomUUID()}`,
        subscriptionId: `sandbox_sub_${randomUUID()}`,
        status: 'trialing',
        cardBrand: brand,
        cardLast4: last4,
        trialEndsAt,
        currentPeriodEnd: trialEndsAt,
        cancelAtPeriodEnd: false,
      };
    },
    async abandon() {
      // Nothing was charged for real, and nothing is kept.
    },
    async closeCustomer() {
      // No customer exists anywhere but in our own rows, which the deletion removes.
    },
    async resumePayment() {
      throw new AppError('not_found', 404, NOT_FOUND_MESSAGE);
    },
    async cancelAtPeriodEnd() {
      // The sandbox keeps no state of its own: our subscriptions row is the record.
    },
    async readWebhook() {
      throw new AppError('not_found', 404, NOT_FOUND_MESSAGE);
    },
  };
}
