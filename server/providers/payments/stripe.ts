import Stripe from 'stripe';
import {
  SUBSCRIPTION_ERROR_TEXT,
  TRIAL_DAYS,
  TRIAL_PRICE_CENTS,
  type SubscriptionStatus,
} from '../../../common/billing';
import { AppError } from '../../lib/errors';
import type { PaymentEvent, PaymentProvider, SubscriptionSnapshot } from './index';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** The recurring $9.99 monthly price. */
  priceId: string;
  /** Our own address, for Checkout's return links. */
  publicUrl: string;
  /** Stripe's API address; tests point the SDK at a local stand-in. */
  apiUrl?: string;
}

export const WEBHOOK_SIGNATURE_MESSAGE = 'Firma del aviso de pago no válida.';

/** Stripe's statuses in the five we keep. */
function ourStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'canceled':
    case 'incomplete':
      return status as SubscriptionStatus;
    case 'unpaid':
      return 'past_due';
    default:
      // incomplete_expired, paused: no access.
      return 'canceled';
  }
}

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A Stripe subscription object as our subscriptions row keeps it. */
export function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const paymentMethod =
    typeof subscription.default_payment_method === 'object' ? subscription.default_payment_method : null;
  // Since API version 2025-03-31 the period lives on each item.
  const periodEnd =
    subscription.items?.data?.[0]?.current_period_end ??
    (subscription as unknown as { current_period_end?: number }).current_period_end;
  return {
    customerId: idOf(subscription.customer),
    subscriptionId: subscription.id,
    status: ourStatus(subscription.status),
    cardBrand: paymentMethod?.card?.brand ?? null,
    cardLast4: paymentMethod?.card?.last4 ?? null,
    trialEndsAt: fromUnix(subscription.trial_end),
    currentPeriodEnd: fromUnix(periodEnd),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

/** Stripe's failures in the words of SPEC.md §8; details go to the log only. */
function paymentFailure(error: unknown): AppError {
  const logMessage = error instanceof Error ? `Stripe: ${error.message}` : 'Stripe failed';
  if (error instanceof Stripe.errors.StripeCardError) {
    return new AppError('card_error', 402, SUBSCRIPTION_ERROR_TEXT.card, { logMessage });
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new AppError('provider_error', 502, SUBSCRIPTION_ERROR_TEXT.network, { logMessage, cause: error });
  }
  if (error instanceof Stripe.errors.StripeAuthenticationError) {
    return new AppError('provider_error', 502, SUBSCRIPTION_ERROR_TEXT.temporary, {
      logMessage,
      cause: error,
    });
  }
  return new AppError('provider_error', 502, SUBSCRIPTION_ERROR_TEXT.functionError, {
    logMessage,
    cause: error,
  });
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw paymentFailure(error);
  }
}

/**
 * Stripe Checkout: the card is typed on Stripe's page, so it never reaches us.
 * One line for the $9.99 monthly price with a 7-day trial, one for the $1
 * charged at sign-up. Webhooks, verified over the raw body, move the plan.
 */
export function createStripePayments(options: StripeOptions): PaymentProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'http:' ? 80 : 443),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });

  const checkoutFor = async (customerId: string) => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      locale: 'es',
      line_items: [
        { price: options.priceId, quantity: 1 },
        {
          price_data: {
            currency: 'usd',
            unit_amount: TRIAL_PRICE_CENTS,
            product_data: { name: `Prueba de ${TRIAL_DAYS} días` },
          },
          quantity: 1,
        },
      ],
      subscription_data: { trial_period_days: TRIAL_DAYS },
      success_url: `${options.publicUrl}/chat?pago=listo`,
      cancel_url: `${options.publicUrl}/settings?pago=pendiente`,
    });
    if (!session.url) throw new Error('Checkout session without a URL');
    return session.url;
  };

  // Deleting a Stripe customer cancels their subscriptions immediately, with no further charge.
  const closeCustomer = async (customerId: string) => {
    try {
      await stripe.customers.del(customerId);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        return;
      throw paymentFailure(error);
    }
  };

  return {
    name: 'stripe',
    collectsCardInDialog: false,
    testCard: null,
    async startSubscription({ email, name }) {
      return call(async () => {
        const customer = await stripe.customers.create({ email, name, preferred_locales: ['es'] });
        const paymentUrl = await checkoutFor(customer.id).catch(async (error: unknown) => {
          await stripe.customers.del(customer.id).catch(() => undefined);
          throw error;
        });
        return {
          customerId: customer.id,
          subscriptionId: null,
          status: 'incomplete',
          cardBrand: null,
          cardLast4: null,
          trialEndsAt: null,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          paymentUrl,
        };
      });
    },
    async abandon(started) {
      if (started.customerId) await closeCustomer(started.customerId);
    },
    closeCustomer,
    resumePayment: (customerId) => call(() => checkoutFor(customerId)),
    async cancelAtPeriodEnd(subscriptionId) {
      await call(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    },
    async readWebhook(rawBody, signature): Promise<PaymentEvent> {
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature ?? '', options.webhookSecret);
      } catch (error) {
        throw new AppError('bad_request', 400, WEBHOOK_SIGNATURE_MESSAGE, {
          logMessage: 'Stripe webhook with a bad signature',
          cause: error,
        });
      }
      switch (event.type) {
        case 'checkout.session.completed': {
          // The session names the subscription; read its current state, card included.
          const subscriptionId = idOf(event.data.object.subscription);
          if (!subscriptionId) return { id: event.id, type: event.type, snapshot: null };
          const subscription = await call(() =>
            stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method'] }),
          );
          return { id: event.id, type: event.type, snapshot: snapshotOf(subscription) };
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          return { id: event.id, type: event.type, snapshot: snapshotOf(event.data.object) };
        default:
          return { id: event.id, type: event.type, snapshot: null };
      }
    },
  };
}
