import type { SubscriptionStatus } from '../../../common/billing';
import type { Config } from '../../config';
import { createSandboxPayments } from './local';
import { createStripePayments } from './stripe';

// Payments (DESIGN.md improvement 3): the sandbox is the default and moves no
// money; Stripe is used when STRIPE_SECRET_KEY is set, and then card data is
// typed on Stripe's own page, never sent to our server.

export interface CardDetails {
  /** Digits only. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvv: string;
}

/** The state of a subscription at the provider, as our tables keep it. */
export interface SubscriptionSnapshot {
  customerId: string | null;
  subscriptionId: string | null;
  status: SubscriptionStatus;
  cardBrand: string | null;
  cardLast4: string | null;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface StartedSubscription extends SubscriptionSnapshot {
  /** Where the browser goes next: the provider's payment page, when payment happens there. */
  paymentUrl?: string;
}

/** A verified webhook event, reduced to what changes our records. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** The subscription's state after the event, when the event concerns one. */
  snapshot: SubscriptionSnapshot | null;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** True when the card is typed in our dialog (sandbox); false when on the provider's page. */
  readonly collectsCardInDialog: boolean;
  /** A card number that succeeds, shown to people trying the sandbox; null for a real provider. */
  readonly testCard: string | null;
  /**
   * Starts the 7-day $1 trial for a person who has no account yet. The sandbox
   * charges the test card here and fails with a card error when it is refused.
   */
  startSubscription(input: {
    email: string;
    name: string;
    card?: CardDetails;
    now: Date;
  }): Promise<StartedSubscription>;
  /** Undoes a start whose account could not be created, so nothing is left half-made. */
  abandon(started: StartedSubscription): Promise<void>;
  /**
   * Ends every subscription of a customer at once and forgets the customer:
   * an account being deleted must never be charged again. Succeeds when the
   * customer is already gone.
   */
  closeCustomer(customerId: string): Promise<void>;
  /** A new payment page for a subscription whose payment was never completed (Stripe). */
  resumePayment(customerId: string): Promise<string>;
  /** Stops renewal: access stays until the period ends. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** Verifies and reads a webhook; throws when the signature does not match. */
  readWebhook(rawBody: string, signature: string | undefined): Promise<PaymentEvent>;
}

export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET && config.STRIPE_PRICE_ID) {
    return createStripePayments({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      priceId: config.STRIPE_PRICE_ID,
      publicUrl: config.publicUrl,
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return createSandboxPayments();
}
