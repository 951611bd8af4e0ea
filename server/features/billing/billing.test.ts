import { addDays, addMinutes } from 'date-fns';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_MESSAGES } from '../../../common/billing';
import * as schema from '../../db/schema/index';
import { CARD_DECLINED_MESSAGE, CARD_EXPIRED_MESSAGE } from '../../providers/payments/local';
import { TestClient } from '../../test/client';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createLogger } from '../../lib/logger';
import {
  createPaymentProvider,
  type PaymentProvider,
  type StartedSubscription,
} from '../../providers/payments/index';
import { deleteAccount } from '../account/account.service';
import { beginPendingSignUp, notePendingStart, sweepUnfinishedSignUps } from './billing.service';

// The sandbox provider end to end through the real app. DEFAULT_PLAN is FREE
// here so that UNLIMITED can only come from the subscription.

let t: TestApp;
let now: Date;
beforeEach(async () => {
  now = new Date('2026-03-10T18:00:00Z');
  t = await createTestApp({ clock: () => now, env: { DEFAULT_PLAN: 'FREE' } });
});
afterEach(async () => t.close());

const signUp = {
  firstName: 'Rosa',
  lastName: 'Martínez',
  email: 'Rosa@Example.com',
  password: 'secreto-123',
  cardNumber: '4242424242424242',
  expirationDate: '2030-12',
  cvv: '123',
};

const subscribe = (client: TestClient, json: Record<string, unknown>) =>
  client.json('/api/billing/subscribe', { method: 'POST', json });

async function tableCounts() {
  const db = t.database.db;
  return {
    users: (await db.select().from(schema.user)).length,
    accounts: (await db.select().from(schema.account)).length,
    sessions: (await db.select().from(schema.session)).length,
    profiles: (await db.select().from(schema.profiles)).length,
    subscriptions: (await db.select().from(schema.subscriptions)).length,
  };
}
const NOTHING = { users: 0, accounts: 0, sessions: 0, profiles: 0, subscriptions: 0 };

describe('subscribing with the sandbox provider', () => {
  it('creates the account, the trial subscription and the UNLIMITED plan, and signs the person in', async () => {
    const client = new TestClient(t);
    const { status, body } = await subscribe(client, signUp);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, redirectTo: '/chat' });
    expect(client.signedIn).toBe(true);

    const me = await client.json('/api/me');
    expect(me.body).toMatchObject({
      profile: { email: 'rosa@example.com', firstName: 'Rosa', lastName: 'Martínez', plan: 'UNLIMITED' },
      questionsLeftToday: null,
    });

    const [row] = await t.database.db.select().from(schema.subscriptions);
    expect(row).toMatchObject({
      provider: 'sandbox',
      status: 'trialing',
      cardBrand: 'Visa',
      cardLast4: '4242',
      cancelAtPeriodEnd: false,
    });
    expect(row?.trialEndsAt?.toISOString()).toBe(addDays(now, 7).toISOString());
    // Only the brand and last four digits are kept, anywhere.
    const everything = JSON.stringify(
      await Promise.all([
        t.database.db.select().from(schema.subscriptions),
        t.database.db.select().from(schema.profiles),
        t.database.db.select().from(schema.user),
      ]),
    );
    expect(everything).not.toContain('4242424242424242');
    expect(everything).not.toContain('2030-12');

    const membership = await client.json('/api/billing/membership');
    expect(membership.body).toMatchObject({
      provider: 'sandbox',
      plan: 'UNLIMITED',
      subscription: { status: 'trialing', cardLast4: '4242', trialEndsAt: addDays(now, 7).toISOString() },
    });
  });

  it('a declined card creates nothing and says why', async () => {
    const client = new TestClient(t);
    const { status, body } = await subscribe(client, { ...signUp, cardNumber: '4000000000000002' });
    expect(status).toBe(402);
    expect(body.error).toMatchObject({ code: 'card_error', message: CARD_DECLINED_MESSAGE });
    expect(client.signedIn).toBe(false);
    expect(await tableCounts()).toEqual(NOTHING);
  });

  it('refuses a number failing the Luhn check and an expired card with the card messages', async () => {
    const client = new TestClient(t);
    const luhn = await subscribe(client, { ...signUp, cardNumber: '4242424242424241' });
    expect(luhn.status).toBe(402);
    expect(luhn.body.error).toMatchObject({
      code: 'card_error',
      message: SUBSCRIPTION_MESSAGES.cardNumber,
      fields: { cardNumber: SUBSCRIPTION_MESSAGES.cardNumber },
    });
    const expired = await subscribe(client, { ...signUp, expirationDate: '2026-02' });
    expect(expired.body.error).toMatchObject({ code: 'card_error', message: CARD_EXPIRED_MESSAGE });
    // Good through the last day of its month.
    const thisMonth = await subscribe(client, { ...signUp, expirationDate: '2026-03' });
    expect(thisMonth.status).toBe(200);
  });

  it('an e-mail that already has an account gets the existing-account answer and nothing changes', async () => {
    await new TestClient(t).signUp('rosa@example.com', 'otra-clave-1', 'Rosa');
    const before = await tableCounts();
    const client = new TestClient(t);
    const { status, body } = await subscribe(client, signUp);
    expect(status).toBe(409);
    expect(body.error.code).toBe('account_exists');
    expect(body.error.message).toMatch(/^Ya tienes una cuenta con este correo electrónico/);
    expect(client.signedIn).toBe(false);
    expect(await tableCounts()).toEqual(before);
  });

  it('answers each field of SPEC.md §5 with its Spanish message', async () => {
    const client = new TestClient(t);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ firstName: 'R' }, 'firstName', 'Por favor ingrese su nombre'],
      [{ lastName: '' }, 'lastName', 'Por favor ingrese su apellido'],
      [{ email: 'rosa@' }, 'email', 'Por favor ingrese un email válido'],
      [{ password: '12345' }, 'password', SUBSCRIPTION_MESSAGES.password],
      [{ cardNumber: '4242 4242 4242 4242' }, 'cardNumber', 'Número de tarjeta inválido'],
      [{ cardNumber: '424242424242' }, 'cardNumber', 'Número de tarjeta inválido'],
      [{ expirationDate: '12/30' }, 'expirationDate', 'Use el formato MM/YY'],
      [{ expirationDate: '2030-13' }, 'expirationDate', 'Use el formato MM/YY'],
      [{ cvv: '12' }, 'cvv', 'CVV inválido'],
      [{ cvv: '12a' }, 'cvv', 'CVV inválido'],
    ];
    for (const [change, field, message] of cases) {
      const { status, body } = await subscribe(client, { ...signUp, ...change });
      expect(status, JSON.stringify(change)).toBe(400);
      expect(body.error.fields?.[field], JSON.stringify(change)).toBe(message);
    }
    // An American Express card has a four-digit code; three is refused.
    const amex = await subscribe(client.from('203.0.113.77'), {
      ...signUp,
      cardNumber: '378282246310005',
      cvv: '123',
    });
    expect(amex.body.error).toMatchObject({ code: 'card_error', message: 'CVV inválido' });
    expect(await tableCounts()).toEqual(NOTHING);
  });

  it('bounds attempts per network, as card testing comes from one place', async () => {
    const client = new TestClient(t);
    for (let i = 0; i < 10; i += 1) {
      expect((await subscribe(client, { ...signUp, cardNumber: '4000000000000002' })).status).toBe(402);
    }
    const refused = await subscribe(client, signUp);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^Demasiados intentos/);
    expect(refused.response.headers.get('Retry-After')).toBeTruthy();
    now = new Date(now.getTime() + 61 * 60 * 1000);
    expect((await subscribe(client, signUp)).status).toBe(200);
  });

  it('a sign-up without card data is refused by the sandbox, creating nothing', async () => {
    const client = new TestClient(t);
    const { cardNumber: _n, expirationDate: _e, cvv: _c, ...noCard } = signUp;
    const { status, body } = await subscribe(client, noCard);
    expect(status).toBe(402);
    expect(body.error.code).toBe('card_error');
    expect(await tableCounts()).toEqual(NOTHING);
  });
});

describe('membership over time', () => {
  const ask = (client: TestClient) =>
    client.request('/api/assistant/ask', {
      method: 'POST',
      json: { question: '¿Cómo renuevo mi green card?' },
      headers: { Accept: 'application/json' },
    });

  it('cancellation keeps access until the period ends, then the plan is FREE and its limit applies', async () => {
    const client = new TestClient(t);
    await subscribe(client, signUp);
    const cancelled = await client.json('/api/billing/cancel', { method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      plan: 'UNLIMITED',
      subscription: { status: 'trialing', cancelAtPeriodEnd: true },
    });

    now = addDays(now, 6);
    expect((await client.json('/api/me')).body).toMatchObject({ profile: { plan: 'UNLIMITED' } });
    for (let i = 0; i < 4; i += 1) expect((await ask(client)).status).toBe(200);

    now = addDays(now, 2);
    const me = await client.json('/api/me');
    expect(me.body).toMatchObject({ profile: { plan: 'FREE' }, questionsLeftToday: 3 });
    const membership = await client.json('/api/billing/membership');
    expect(membership.body).toMatchObject({ plan: 'FREE', subscription: { status: 'canceled' } });
    for (let i = 0; i < 3; i += 1) expect((await ask(client)).status).toBe(200);
    expect((await ask(client)).status).toBe(429);

    // Nothing left to cancel.
    expect((await client.json('/api/billing/cancel', { method: 'POST' })).status).toBe(404);
  });

  it('without cancellation the trial becomes a paid month and the plan stays UNLIMITED', async () => {
    const client = new TestClient(t);
    await subscribe(client, signUp);
    const trialEnd = addDays(now, 7);
    now = addDays(now, 8);
    const membership = await client.json('/api/billing/membership');
    expect(membership.body).toMatchObject({
      plan: 'UNLIMITED',
      subscription: { status: 'active', currentPeriodEnd: new Date('2026-04-17T18:00:00Z').toISOString() },
    });
    expect(trialEnd.toISOString()).toBe('2026-03-17T18:00:00.000Z');
  });

  it('membership and cancellation need a session; someone without a subscription has nothing to cancel', async () => {
    const anonymous = new TestClient(t);
    expect((await anonymous.json('/api/billing/membership')).status).toBe(401);
    expect((await anonymous.json('/api/billing/cancel', { method: 'POST' })).status).toBe(401);
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    const membership = await client.json('/api/billing/membership');
    expect(membership.body).toEqual({ provider: 'sandbox', plan: 'FREE', subscription: null });
    const cancel = await client.json('/api/billing/cancel', { method: 'POST' });
    expect(cancel.status).toBe(404);
    expect(cancel.body.error.message).toBe('No tienes una suscripción activa.');
  });

  it("one person's cancellation never touches another's subscription", async () => {
    const rosa = new TestClient(t);
    await subscribe(rosa, signUp);
    const luis = new TestClient(t, '203.0.113.20');
    await subscribe(luis, { ...signUp, email: 'luis@example.com', firstName: 'Luis' });
    await luis.json('/api/billing/cancel', { method: 'POST' });
    expect((await rosa.json('/api/billing/membership')).body).toMatchObject({
      subscription: { cancelAtPeriodEnd: false },
    });
  });

  it('the offer tells the dialog that the sandbox takes the card and moves no money', async () => {
    const offer = await new TestClient(t).json('/api/billing/offer');
    expect(offer.body).toEqual({
      provider: 'sandbox',
      collectsCardInDialog: true,
      testCard: '4242 4242 4242 4242',
      trialDays: 7,
      trialPriceCents: 100,
      monthlyPriceCents: 999,
    });
    // The sandbox has no webhook.
    expect((await new TestClient(t).json('/api/billing/webhook', { method: 'POST', json: {} })).status).toBe(
      404,
    );
  });
});

describe('a sign-up with payment cut short by a killed process', () => {
  const stripeLike = () => {
    const abandoned: Array<string | null> = [];
    const payments = {
      ...createPaymentProvider(t.config),
      name: 'stripe' as const,
      abandon: async (started: StartedSubscription) => void abandoned.push(started.customerId),
    };
    return { payments, abandoned };
  };
  const sweep = (payments: PaymentProvider) =>
    sweepUnfinishedSignUps({
      db: t.database.db,
      payments,
      now,
      logger: createLogger(t.config),
      deleteAccount: (userId) => deleteAccount(t.database.db, userId, undefined),
    });

  it('leaves no marker when it finishes, or when it fails', async () => {
    expect((await subscribe(new TestClient(t), signUp)).status).toBe(200);
    expect(
      (
        await subscribe(new TestClient(t), {
          ...signUp,
          email: 'b@example.com',
          cardNumber: '4000000000000002',
        })
      ).status,
    ).toBe(402);
    expect(await t.database.db.select().from(schema.pendingSignups)).toEqual([]);
  });

  it("is undone at the next start: the account without its subscription goes, and the provider's side", async () => {
    // What the route had done when the process died: marker, provider start, account; no subscription.
    const pendingId = await beginPendingSignUp(t.database.db, 'Rosa@Example.com', now);
    await notePendingStart(t.database.db, pendingId, {
      customerId: 'cus_cortado',
      subscriptionId: null,
      status: 'incomplete',
      cardBrand: null,
      cardLast4: null,
      trialEndsAt: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    await new TestClient(t).signUp('rosa@example.com', 'secreto-123', 'Rosa');
    // A sign-up still in progress elsewhere (younger than the grace period) is left alone.
    now = addMinutes(now, 9);
    const { payments, abandoned } = stripeLike();
    expect(await sweep(payments)).toBe(0);
    expect((await tableCounts()).users).toBe(1);

    now = addMinutes(now, 2);
    expect(await sweep(payments)).toBe(1);
    expect(await tableCounts()).toEqual(NOTHING);
    expect(abandoned).toEqual(['cus_cortado']);
    expect(await t.database.db.select().from(schema.pendingSignups)).toEqual([]);
    // The address is free again for a sign-up that works.
    expect((await subscribe(new TestClient(t), signUp)).status).toBe(200);
  });

  it('keeps an account that has its subscription, whatever marker is left', async () => {
    expect((await subscribe(new TestClient(t), signUp)).status).toBe(200);
    await beginPendingSignUp(t.database.db, 'rosa@example.com', addMinutes(now, -1));
    now = addMinutes(now, 30);
    const { payments } = stripeLike();
    expect(await sweep(payments)).toBe(1);
    expect((await tableCounts()).subscriptions).toBe(1);
  });
});
