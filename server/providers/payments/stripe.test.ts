import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index';
import { TestClient } from '../../test/client';
import { createTestApp, type TestApp } from '../../test/helpers';
import {
  CHECKOUT_URL,
  startStripeStandIn,
  stripeSubscription,
  type StripeStandIn,
} from '../../test/stripe-stand-in';
import { BILLING_NOT_CLOSED_MESSAGE } from '../../features/billing/billing.service';
import { WEBHOOK_SIGNATURE_MESSAGE } from './stripe';

// The Stripe provider through the real app and the official SDK, pointed at a
// local stand-in. Webhooks are signed with the SDK's own test-header helper.

const WEBHOOK_SECRET = 'whsec_test_secret';
const SECRET_KEY = 'sk_test_stand_in_key';
const signer = new Stripe('sk_test_signer');

let t: TestApp;
let stripe: StripeStandIn;
let now: Date;
beforeEach(async () => {
  now = new Date('2026-03-10T18:00:00Z');
  stripe = await startStripeStandIn();
  t = await createTestApp({
    clock: () => now,
    env: {
      DEFAULT_PLAN: 'FREE',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_ID: 'price_monthly_999',
      STRIPE_API_URL: stripe.url,
    },
  });
});
afterEach(async () => {
  await t.close();
  await stripe.close();
});

const visitor = {
  firstName: 'Rosa',
  lastName: 'Martínez',
  email: 'rosa@example.com',
  password: 'secreto-123',
};

function webhook(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    object: 'event',
    api_version: '2026-10-28.endive',
    livemode: false,
    ...event,
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return new TestClient(t, '192.0.2.50').request('/api/billing/webhook', {
    method: 'POST',
    body: payload,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
  });
}

const completed = (id = 'evt_completed_1') =>
  webhook({
    id,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_1',
        object: 'checkout.session',
        customer: 'cus_test_1',
        subscription: 'sub_test_1',
      },
    },
  });

async function subscribed() {
  const client = new TestClient(t);
  const result = await client.json('/api/billing/subscribe', { method: 'POST', json: visitor });
  return { client, result };
}

async function membership(client: TestClient) {
  return (await client.json('/api/billing/membership')).body as unknown as {
    plan: string;
    subscription: Record<string, unknown> | null;
  };
}

describe('Stripe Checkout sign-up', () => {
  it('creates the customer and a Checkout session with the 7-day trial, the $1 and the monthly price', async () => {
    const { client, result } = await subscribed();
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ success: true, redirectTo: CHECKOUT_URL });
    expect(client.signedIn).toBe(true);

    const customer = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/customers');
    expect(customer?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(customer?.form).toMatchObject({ email: 'rosa@example.com', name: 'Rosa Martínez' });
    const checkout = stripe.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(checkout?.form).toMatchObject({
      mode: 'subscription',
      customer: 'cus_test_1',
      locale: 'es',
      'line_items[0][price]': 'price_monthly_999',
      'line_items[1][price_data][unit_amount]': '100',
      'line_items[1][price_data][currency]': 'usd',
      'subscription_data[trial_period_days]': '7',
      success_url: `${t.config.publicUrl}/chat?pago=listo`,
    });
    // Until Stripe confirms the payment, the account is on the free plan.
    expect(await membership(client)).toMatchObject({
      plan: 'FREE',
      subscription: { status: 'incomplete', cardLast4: null },
    });
  });

  it('never accepts card data: with Stripe it is typed on Stripe’s page', async () => {
    const client = new TestClient(t);
    const { status, body } = await client.json('/api/billing/subscribe', {
      method: 'POST',
      json: { ...visitor, cardNumber: '4242424242424242', expirationDate: '2030-12', cvv: '123' },
    });
    expect(status).toBe(400);
    expect(body.error.message).toBe('Los datos de la tarjeta se ingresan en la página segura de pago.');
    expect(stripe.requests).toHaveLength(0);
    expect(await t.database.db.select().from(schema.user)).toHaveLength(0);
  });

  it('when Stripe fails, no account is left and the customer is removed', async () => {
    stripe.failures.set('POST /v1/checkout/sessions', {
      status: 400,
      type: 'invalid_request_error',
      message: 'No such price',
    });
    const client = new TestClient(t);
    const { status, body } = await client.json('/api/billing/subscribe', { method: 'POST', json: visitor });
    expect(status).toBe(502);
    expect(body.error.message).toBe('Error al procesar el pago. Por favor intente más tarde.');
    expect(client.signedIn).toBe(false);
    expect(await t.database.db.select().from(schema.user)).toHaveLength(0);
    expect(stripe.requests.some((r) => r.method === 'DELETE' && r.path === '/v1/customers/cus_test_1')).toBe(
      true,
    );
  });

  it('a rejected API key is a temporary processing error, not a card problem', async () => {
    stripe.failures.set('POST /v1/customers', {
      status: 401,
      type: 'invalid_request_error',
      message: 'Invalid API Key provided',
    });
    const { status, body } = await new TestClient(t).json('/api/billing/subscribe', {
      method: 'POST',
      json: visitor,
    });
    expect(status).toBe(502);
    expect(body.error.message).toMatch(/^Error temporal al procesar el pago/);
  });
});

describe('Stripe webhooks', () => {
  it('checkout completion starts the trial: UNLIMITED, with the card’s brand and last four', async () => {
    const { client } = await subscribed();
    const response = await completed();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await membership(client)).toMatchObject({
      plan: 'UNLIMITED',
      subscription: {
        status: 'trialing',
        cardBrand: 'visa',
        cardLast4: '4242',
        trialEndsAt: '2026-03-17T18:00:00.000Z',
        currentPeriodEnd: '2026-03-17T18:00:00.000Z',
      },
    });
    expect(stripe.requests.some((r) => r.path === '/v1/subscriptions/sub_test_1' && r.method === 'GET')).toBe(
      true,
    );
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { client } = await subscribed();
    const response = await webhook(
      {
        id: 'evt_forged',
        type: 'customer.subscription.updated',
        data: { object: stripeSubscription({ status: 'active' }) },
      },
      'whsec_someone_else',
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      WEBHOOK_SIGNATURE_MESSAGE,
    );
    const unsigned = await new TestClient(t).request('/api/billing/webhook', {
      method: 'POST',
      body: '{"id":"evt_x"}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    expect(await membership(client)).toMatchObject({ plan: 'FREE', subscription: { status: 'incomplete' } });
    expect(await t.database.db.select().from(schema.paymentEvents)).toHaveLength(0);
  });

  it('ignores a duplicate event', async () => {
    const { client } = await subscribed();
    await completed('evt_same');
    // Stripe then ends the subscription; a replay of the old completion must not revive it.
    await webhook({
      id: 'evt_deleted',
      type: 'customer.subscription.deleted',
      data: { object: stripeSubscription({ status: 'canceled' }) },
    });
    const replay = await completed('evt_same');
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await membership(client)).toMatchObject({ plan: 'FREE', subscription: { status: 'canceled' } });
  });

  it('moves the plan with the subscription: active, past due within the period, deleted → FREE', async () => {
    const { client } = await subscribed();
    await completed();
    const periodEnd = Math.floor(new Date('2026-04-17T18:00:00Z').getTime() / 1000);
    const update = (id: string, type: string, fields: Record<string, unknown>) =>
      webhook({
        id,
        type,
        data: {
          object: stripeSubscription({
            default_payment_method: 'pm_test_1',
            items: { object: 'list', data: [{ id: 'si_1', current_period_end: periodEnd }] },
            ...fields,
          }),
        },
      });

    await update('evt_active', 'customer.subscription.updated', { status: 'active' });
    expect(await membership(client)).toMatchObject({
      plan: 'UNLIMITED',
      // The card is kept from the completion: updates carry only the payment method's id.
      subscription: { status: 'active', cardLast4: '4242', currentPeriodEnd: '2026-04-17T18:00:00.000Z' },
    });

    await update('evt_past_due', 'customer.subscription.updated', { status: 'past_due' });
    expect((await membership(client)).plan).toBe('UNLIMITED');

    await update('evt_deleted', 'customer.subscription.deleted', { status: 'canceled' });
    expect(await membership(client)).toMatchObject({ plan: 'FREE', subscription: { status: 'canceled' } });
    expect((await client.json('/api/me')).body).toMatchObject({ questionsLeftToday: 3 });
  });

  it('cancellation asks Stripe to stop at period end; access stays until then', async () => {
    const { client } = await subscribed();
    await completed();
    const cancel = await client.json('/api/billing/cancel', { method: 'POST' });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ plan: 'UNLIMITED', subscription: { cancelAtPeriodEnd: true } });
    const update = stripe.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/subscriptions/sub_test_1',
    );
    expect(update?.form).toEqual({ cancel_at_period_end: 'true' });
  });

  it('an unfinished payment can be resumed from the account with a new Checkout page', async () => {
    const { client } = await subscribed();
    const resumed = await client.json('/api/billing/checkout', { method: 'POST' });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toEqual({ redirectTo: CHECKOUT_URL });
    await completed();
    expect((await client.json('/api/billing/checkout', { method: 'POST' })).status).toBe(404);
  });
});

describe('deleting an account that pays through Stripe', () => {
  const deleteAccount = (client: TestClient) =>
    client.json('/api/me', { method: 'DELETE', json: { confirmation: 'ELIMINAR MI CUENTA' } });

  it('ends the subscription at Stripe (the customer is deleted) before the account goes', async () => {
    const { client } = await subscribed();
    await completed();
    stripe.requests.length = 0;
    const deleted = await deleteAccount(client);
    expect(deleted.status).toBe(200);
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /v1/customers/cus_test_1']);
    expect(await t.database.db.select().from(schema.user)).toHaveLength(0);
    expect(await t.database.db.select().from(schema.subscriptions)).toHaveLength(0);
  });

  it('a customer Stripe no longer has does not block the deletion', async () => {
    const { client } = await subscribed();
    stripe.failures.set('DELETE /v1/customers/:id', {
      status: 404,
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: 'No such customer',
    });
    expect((await deleteAccount(client)).status).toBe(200);
    expect(await t.database.db.select().from(schema.user)).toHaveLength(0);
  });

  it('when Stripe cannot be reached nothing is deleted and the person is told why', async () => {
    const { client } = await subscribed();
    await completed();
    stripe.failures.set('DELETE /v1/customers/:id', {
      status: 500,
      type: 'api_error',
      message: 'Stripe is down',
    });
    const refused = await deleteAccount(client);
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({
      error: { code: 'provider_error', message: BILLING_NOT_CLOSED_MESSAGE },
    });
    expect(JSON.stringify(refused.body)).not.toContain('Stripe is down');
    expect(await t.database.db.select().from(schema.user)).toHaveLength(1);
    // Still signed in, still subscribed: they can try again.
    expect(await membership(client)).toMatchObject({
      plan: 'UNLIMITED',
      subscription: { status: 'trialing' },
    });
  });
});
