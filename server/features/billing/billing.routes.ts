import { eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  MONTHLY_PRICE_CENTS,
  SUBSCRIPTION_ERROR_TEXT,
  subscribeRequestSchema,
  TRIAL_DAYS,
  TRIAL_PRICE_CENTS,
} from '../../../common/billing';
import type { Database } from '../../db/client';
import { profiles, user as userTable } from '../../db/schema/index';
import { AppError, NOT_FOUND_MESSAGE } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { RateLimiter } from '../../lib/rate-limit';
import { readJson } from '../../lib/validate';
import type { CardDetails, PaymentProvider, StartedSubscription } from '../../providers/payments/index';
import { deleteAccount } from '../account/account.service';
import type { Auth } from '../auth/auth';
import { spanishAuthMessage } from '../auth/auth-errors';
import { requireUser } from '../auth/session';
import {
  applyPaymentEvent,
  beginPendingSignUp,
  endPendingSignUp,
  notePendingStart,
  latestSubscription,
  markCancelAtPeriodEnd,
  membershipView,
  recordNewSubscription,
  settleMembership,
} from './billing.service';

export interface BillingRoutesDeps {
  db: Database;
  auth: Auth;
  payments: PaymentProvider;
  limiter: RateLimiter;
  logger: Logger;
  clock: () => Date;
  clientIp: (c: Context) => string;
}

export const CARD_NOT_HERE_MESSAGE = 'Los datos de la tarjeta se ingresan en la página segura de pago.';
export const NO_ACTIVE_SUBSCRIPTION_MESSAGE = 'No tienes una suscripción activa.';
export const NOTHING_TO_PAY_MESSAGE = 'Tu suscripción no tiene pagos pendientes.';
const HOUR = 60 * 60 * 1000;

function cardFrom(input: {
  cardNumber?: string;
  expirationDate?: string;
  cvv?: string;
}): CardDetails | undefined {
  if (!input.cardNumber || !input.expirationDate || !input.cvv) return undefined;
  const [year, month] = input.expirationDate.split('-');
  return { number: input.cardNumber, expYear: Number(year), expMonth: Number(month), cvv: input.cvv };
}

/** Where a sign-up whose payment failed ends: with no account and the provider's side undone. */
async function undoSignUp(
  deps: Pick<BillingRoutesDeps, 'db' | 'payments' | 'logger'>,
  started: StartedSubscription,
  userId: string | undefined,
) {
  await deps.payments.abandon(started).catch((error: unknown) => {
    deps.logger.error({ err: error }, 'could not undo a payment start');
  });
  if (userId) await deleteAccount(deps.db, userId, undefined);
}

/** /api/billing: the $1 trial with its account, the membership, cancellation and Stripe's webhook. */
export function billingRoutes(deps: BillingRoutesDeps) {
  const { db, auth, payments, limiter, clock, clientIp } = deps;

  const currentMembership = async (userId: string) => {
    const row = await settleMembership(db, userId, clock());
    const [profile] = await db.select({ plan: profiles.plan }).from(profiles).where(eq(profiles.id, userId));
    return membershipView(payments.name, profile?.plan ?? 'FREE', row);
  };

  return (
    new Hono()
      /** What the dialog needs to know before asking: prices, and whether it asks for the card. */
      .get('/offer', (c) =>
        c.json({
          provider: payments.name,
          collectsCardInDialog: payments.collectsCardInDialog,
          testCard: payments.testCard,
          trialDays: TRIAL_DAYS,
          trialPriceCents: TRIAL_PRICE_CENTS,
          monthlyPriceCents: MONTHLY_PRICE_CENTS,
        }),
      )
      /**
       * Creates the account and its subscription together, or neither. The
       * sandbox charges the test card first; Stripe's payment happens on its
       * own page after this answers with where to go.
       */
      .post('/subscribe', async (c) => {
        // Card-testing bots try many cards from one place.
        await limiter.hit({ name: 'subscribe:ip', limit: 10, windowMs: HOUR }, clientIp(c));
        const input = await readJson(c, subscribeRequestSchema);
        const card = cardFrom(input);
        if (!payments.collectsCardInDialog && (input.cardNumber || input.cvv)) {
          throw new AppError('bad_request', 400, CARD_NOT_HERE_MESSAGE);
        }
        const [taken] = await db
          .select({ id: userTable.id })
          .from(userTable)
          .where(sql`lower(${userTable.email}) = ${input.email}`);
        if (taken) throw new AppError('account_exists', 409, SUBSCRIPTION_ERROR_TEXT.existingAccount);

        const now = clock();
        const name = `${input.firstName} ${input.lastName}`;
        // Written first: if this process dies midway, the start-up sweep undoes what follows.
        const pendingId = await beginPendingSignUp(db, input.email, now);
        let started: StartedSubscription;
        try {
          started = await payments.startSubscription({ email: input.email, name, card, now });
        } catch (error) {
          await endPendingSignUp(db, pendingId);
          throw error;
        }
        await notePendingStart(db, pendingId, started);

        let userId: string | undefined;
        try {
          const response = await auth.api.signUpEmail({
            body: { name: input.firstName, email: input.email, password: input.password },
            headers: c.req.raw.headers,
            asResponse: true,
          });
          if (!response.ok) {
            const body = (await response.json().catch(() => null)) as { code?: string } | null;
            if (body?.code?.startsWith('USER_ALREADY_EXISTS'))
              throw new AppError('account_exists', 409, SUBSCRIPTION_ERROR_TEXT.existingAccount);
            throw new AppError('validation_failed', 400, spanishAuthMessage(body?.code, response.status));
          }
          const created = (await response.json()) as { user: { id: string } };
          userId = created.user.id;
          const id = userId;
          await db.transaction(async (tx) => {
            await tx
              .update(profiles)
              .set({ firstName: input.firstName, lastName: input.lastName, updatedAt: now })
              .where(eq(profiles.id, id));
            await recordNewSubscription(tx, { userId: id, provider: payments.name, snapshot: started, now });
            await endPendingSignUp(tx, pendingId);
          });
          for (const cookie of response.headers.getSetCookie())
            c.header('Set-Cookie', cookie, { append: true });
        } catch (error) {
          await undoSignUp(deps, started, userId);
          await endPendingSignUp(db, pendingId);
          throw error;
        }
        return c.json({
          success: true as const,
          redirectTo: started.paymentUrl ?? '/chat',
          membership: await currentMembership(userId),
        });
      })
      .get('/membership', async (c) => {
        const user = await requireUser(c, auth);
        return c.json(await currentMembership(user.id));
      })
      /** Stops renewal; access stays until the period ends, then the plan is FREE. */
      .post('/cancel', async (c) => {
        const user = await requireUser(c, auth);
        const row = await settleMembership(db, user.id, clock());
        if (!row || !['trialing', 'active', 'past_due'].includes(row.status)) {
          throw new AppError('not_found', 404, NO_ACTIVE_SUBSCRIPTION_MESSAGE);
        }
        if (!row.cancelAtPeriodEnd) {
          if (row.providerSubscriptionId) await payments.cancelAtPeriodEnd(row.providerSubscriptionId);
          await markCancelAtPeriodEnd(db, row.id, clock());
        }
        return c.json(await currentMembership(user.id));
      })
      /** A new payment page for a Stripe sign-up whose payment was left unfinished. */
      .post('/checkout', async (c) => {
        const user = await requireUser(c, auth);
        const row = await latestSubscription(db, user.id);
        if (!row || row.status !== 'incomplete' || !row.providerCustomerId) {
          throw new AppError('not_found', 404, NOTHING_TO_PAY_MESSAGE);
        }
        return c.json({ redirectTo: await payments.resumePayment(row.providerCustomerId) });
      })
      /** Stripe's events, verified over the raw body; each applied once. */
      .post('/webhook', async (c) => {
        if (payments.name !== 'stripe') throw new AppError('not_found', 404, NOT_FOUND_MESSAGE);
        const event = await payments.readWebhook(await c.req.text(), c.req.header('stripe-signature'));
        const outcome = await applyPaymentEvent(db, event, clock());
        return c.json({ received: true, outcome });
      })
  );
}
