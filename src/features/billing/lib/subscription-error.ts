import { SUBSCRIPTION_ERROR_TEXT } from '@common/billing';
import { ApiError } from '@/lib/api-client';

export type SubscriptionErrorKind = 'existingAccount' | 'temporary' | 'card' | 'network' | 'other';

export interface SubscriptionErrorView {
  kind: SubscriptionErrorKind;
  message: string;
}

/**
 * The error panel's mapping of SPEC.md §8, in its order: an existing account
 * first (so a 'duplicate subscription' also reads as one), then a temporary
 * processing error, then card or payment problems, then the connection;
 * otherwise the server's own message or the generic one. Our server answers
 * with error codes as well as words, and both are honoured.
 */
export function subscriptionError(error: unknown): SubscriptionErrorView {
  const message = error instanceof Error ? error.message : '';
  const code = error instanceof ApiError ? error.code : undefined;
  const text = message.toLowerCase();
  if (code === 'account_exists' || /already been registered|email_exists|duplicate/.test(text)) {
    return { kind: 'existingAccount', message: SUBSCRIPTION_ERROR_TEXT.existingAccount };
  }
  if (text.includes('invalid authentication values')) {
    return { kind: 'temporary', message: SUBSCRIPTION_ERROR_TEXT.temporary };
  }
  if (code === 'card_error') {
    // The server's own words say which part of the card to fix.
    return { kind: 'card', message: message || SUBSCRIPTION_ERROR_TEXT.card };
  }
  if (/card|payment/.test(text)) return { kind: 'card', message: SUBSCRIPTION_ERROR_TEXT.card };
  if (code === 'network' || /network|timeout/.test(text)) {
    return { kind: 'network', message: SUBSCRIPTION_ERROR_TEXT.network };
  }
  if (error instanceof ApiError && message) return { kind: 'other', message };
  return { kind: 'other', message: SUBSCRIPTION_ERROR_TEXT.unexpected };
}
