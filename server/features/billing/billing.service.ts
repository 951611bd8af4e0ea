import { addMonths } from 'date-fns';
import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { MembershipView } from '../../../common/billing';
import type { Plan } from '../../../common/constants';
import type { Database } from '../../db/client';
import { paymentEvents, pendingSignups, profiles, subscriptions, user } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type {
  PaymentProvider,
  StartedSubscription,
  SubscriptionSnapshot,
} from '../../providers/payments/index';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type Profile = typeof profiles.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The plan a subscription gives at a moment: unlimited during the trial and
 * while paid; a failed renewal keeps access until the paid period ends; a
 * cancelled or never-paid subscription gives the free plan.
 */
export function planFor(subscription: Pick<SubscriptionRow, 'status' | 'currentPeriodEnd'>, now: Date): Plan {
  switch (subscription.status) {
    case 'trialing':
    case 'active':
      return 'UNLIMITED';
    case 'past_due':
      return subscription.currentPeriodEnd && now < subscription.currentPeriodEnd ? 'UNLIMITED' : 'FREE';
    default:
      return 'FREE';
  }
}

export async function latestSubscription(
  db: Database | Transaction,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

async function setPlan(db: Database | Transaction, userId: string, plan: Plan) {
  await db.update(profiles).set({ plan, updatedAt: new Date() }).where(eq(profiles.id, userId));
}

/** A profile (undefined before its first read creates it) and the latest subscription of its user. */
export interface Membership {
  profile: Profile | undefined;
  subscription: SubscriptionRow | undefined;
}

/** The membership query, built once per database (see readMembership). */
function membershipQuery(db: Database) {
  const userId = sql.placeholder('userId');
  const latest = db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1)
    .as('latest');
  return db
    .select()
    .from(profiles)
    .leftJoinLateral(latest, sql`true`)
    .where(eq(profiles.id, userId))
    .prepare('read_membership');
}

const membershipQueries = new WeakMap<Database, ReturnType<typeof membershipQuery>>();

/**
 * The profile and the latest subscription in one query (a lateral join). The
 * plan is checked on every signed-in request, so the query is prepared once:
 * building its SQL cost more CPU than running it.
 */
export async function readMembership(db: Database, userId: string): Promise<Membership> {
  let query = membershipQueries.get(db);
  if (!query) membershipQueries.set(db, (query = membershipQuery(db)));
  const [row] = await query.execute({ userId });
  // No profile yet: the subscription is read again once it is created.
  return { profile: row?.profiles, subscription: row?.latest ?? undefined };
}

/**
 * Brings a subscription up to `now` and the profile's plan with it. Stripe
 * tells us of renewals and endings by webhook; the sandbox has nobody to tell
 * it, so its trial turns into a paid month here (no money moves), and a
 * subscription cancelled at period end ends here for both, should a webhook
 * be late. Writes only when something changed; returns the settled
 * subscription and the profile with its plan as it now is.
 */
export async function settleLoadedMembership(
  db: Database,
  userId: string,
  { profile, subscription: row }: Membership,
  now: Date,
): Promise<Membership> {
  if (!row) return { profile, subscription: undefined };
  const changes: Partial<SubscriptionRow> = {};
  const periodOver = row.currentPeriodEnd !== null && now >= row.currentPeriodEnd;
  if (periodOver && row.cancelAtPeriodEnd && row.status !== 'canceled') {
    changes.status = 'canceled';
  } else if (
    periodOver &&
    row.provider === 'sandbox' &&
    (row.status === 'trialing' || row.status === 'active')
  ) {
    let periodEnd = row.currentPeriodEnd as Date;
    while (periodEnd <= now) periodEnd = addMonths(periodEnd, 1);
    changes.status = 'active';
    changes.currentPeriodEnd = periodEnd;
  }
  const settled = { ...row, ...changes };
  const plan = planFor(settled, now);
  const planChanged = profile !== undefined && profile.plan !== plan;
  if (!Object.keys(changes).length && !planChanged) return { profile, subscription: row };
  await db.transaction(async (tx) => {
    if (Object.keys(changes).length) {
      await tx
        .update(subscriptions)
        .set({ ...changes, updatedAt: now })
        .where(eq(subscriptions.id, row.id));
    }
    if (planChanged) await setPlan(tx, userId, plan);
  });
  return { profile: profile && { ...profile, plan }, subscription: settled };
}

/** readMembership, then settleLoadedMembership: the subscription as of `now`. */
export async function settleMembership(
  db: Database,
  userId: string,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  const settled = await settleLoadedMembership(db, userId, await readMembership(db, userId), now);
  return settled.subscription;
}

/** Creates the subscription row and sets the plan it gives, in the caller's transaction. */
export async function recordNewSubscription(
  tx: Transaction,
  input: { userId: string; provider: SubscriptionRow['provider']; snapshot: SubscriptionSnapshot; now: Date },
) {
  const { snapshot } = input;
  const [row] = await tx
    .insert(subscriptions)
    .values({
      userId: input.userId,
      provider: input.provider,
      providerCustomerId: snapshot.customerId,
      providerSubscriptionId: snapshot.subscriptionId,
      status: snapshot.status,
      cardBrand: snapshot.cardBrand,
      cardLast4: snapshot.cardLast4,
      trialEndsAt: snapshot.trialEndsAt,
      currentPeriodEnd: snapshot.currentPeriodEnd,
      cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    })
    .returning();
  await setPlan(tx, input.userId, planFor(snapshot, input.now));
  return row;
}

/**
 * Applies a verified provider event once: the event id is recorded in the same
 * transaction, so a replay or a duplicate changes nothing, and a failure leaves
 * the event unrecorded for the provider to send again.
 */
export async function applyPaymentEvent(
  db: Database,
  event: { id: string; type: string; snapshot: SubscriptionSnapshot | null },
  now: Date,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!inserted.length) return 'duplicate';
    const snapshot = event.snapshot;
    if (!snapshot?.customerId) return 'ignored';
    // One Stripe customer per account: the customer id finds our row.
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(eq(subscriptions.provider, 'stripe'), eq(subscriptions.providerCustomerId, snapshot.customerId)),
      )
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    if (!row) return 'ignored';
    const updated = {
      providerSubscriptionId: snapshot.subscriptionId ?? row.providerSubscriptionId,
      status: snapshot.status,
      // Events other than checkout completion carry only the payment method's id.
      cardBrand: snapshot.cardBrand ?? row.cardBrand,
      cardLast4: snapshot.cardLast4 ?? row.cardLast4,
      trialEndsAt: snapshot.trialEndsAt,
      currentPeriodEnd: snapshot.currentPeriodEnd,
      cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    };
    await tx
      .update(subscriptions)
      .set({ ...updated, updatedAt: now })
      .where(eq(subscriptions.id, row.id));
    await setPlan(tx, row.userId, planFor(updated, now));
    return 'applied';
  });
}

export const BILLING_NOT_CLOSED_MESSAGE =
  'No pudimos cancelar tu suscripción, así que tu cuenta no se eliminó. Por favor inténtalo de nuevo en unos minutos.';

/**
 * Before an account is deleted: ends its subscriptions at the provider at once
 * (a deleted account must never be charged again) and records them as ended,
 * so our rows agree with the provider even if the deletion then fails. When
 * the provider cannot be reached, nothing is deleted and the person is told.
 */
export async function closeBillingFor(
  db: Database,
  payments: PaymentProvider,
  userId: string,
  now: Date,
): Promise<void> {
  const rows = await db
    .select({ customerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, payments.name)));
  const customers = new Set(rows.flatMap((row) => (row.customerId ? [row.customerId] : [])));
  for (const customerId of customers) {
    try {
      await payments.closeCustomer(customerId);
    } catch (error) {
      throw new AppError('provider_error', 502, BILLING_NOT_CLOSED_MESSAGE, {
        logMessage: 'could not close the payment customer of an account being deleted',
        cause: error,
      });
    }
  }
  if (!rows.length) return;
  await db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({ status: 'canceled', cancelAtPeriodEnd: false, currentPeriodEnd: now, updatedAt: now })
      .where(eq(subscriptions.userId, userId));
    await setPlan(tx, userId, 'FREE');
  });
}

export async function markCancelAtPeriodEnd(db: Database, subscriptionId: string, now: Date) {
  await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true, updatedAt: now })
    .where(eq(subscriptions.id, subscriptionId));
}

export function membershipView(
  provider: MembershipView['provider'],
  plan: Plan,
  row: SubscriptionRow | undefined,
): MembershipView {
  return {
    provider,
    plan,
    subscription: row
      ? {
          status: row.status,
          cardBrand: row.cardBrand,
          cardLast4: row.cardLast4,
          trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
          currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        }
      : null,
  };
}

/** A pending sign-up younger than this may still be in progress on some instance. */
export const PENDING_SIGNUP_GRACE_MS = 10 * 60 * 1000;

/** The first write of a sign-up with payment: a marker the sweep finds if the process dies. */
export async function beginPendingSignUp(db: Database, email: string, now: Date): Promise<string> {
  const [row] = await db
    .insert(pendingSignups)
    .values({ email: email.toLowerCase(), createdAt: now })
    .returning({ id: pendingSignups.id });
  return row!.id;
}

/** Remembers what the provider started, so the sweep can undo it. */
export async function notePendingStart(db: Database, id: string, started: StartedSubscription) {
  await db.update(pendingSignups).set({ started }).where(eq(pendingSignups.id, id));
}

/** The sign-up is done (in the transaction that records the subscription) or fully undone. */
export async function endPendingSignUp(db: Database | Transaction, id: string) {
  await db.delete(pendingSignups).where(eq(pendingSignups.id, id));
}

/**
 * Undoes the sign-ups a killed process left half-made: the account created
 * without its subscription (with a password, maybe without a profile) is
 * deleted, and what the provider started is abandoned. Runs at start on every
 * instance; only markers older than the grace period are touched, so a sign-up
 * in progress elsewhere is left alone.
 */
export async function sweepUnfinishedSignUps(deps: {
  db: Database;
  payments: PaymentProvider;
  now: Date;
  deleteAccount: (userId: string) => Promise<void>;
  logger: Logger;
}): Promise<number> {
  const { db, payments, now, logger } = deps;
  const stale = await db
    .select()
    .from(pendingSignups)
    .where(lt(pendingSignups.createdAt, new Date(now.getTime() - PENDING_SIGNUP_GRACE_MS)));
  for (const marker of stale) {
    const accounts = await db
      .select({ id: user.id })
      .from(user)
      .leftJoin(subscriptions, eq(subscriptions.userId, user.id))
      .where(
        and(
          sql`lower(${user.email}) = ${marker.email}`,
          gte(user.createdAt, new Date(marker.createdAt.getTime() - 60_000)),
          isNull(subscriptions.id),
        ),
      );
    for (const account of accounts) await deps.deleteAccount(account.id);
    const started = marker.started as StartedSubscription | null;
    try {
      if (started) await payments.abandon(started);
    } catch (error) {
      // Kept for the next start: the provider's side must not stay half-made.
      logger.error({ err: error }, 'could not undo the payment of an unfinished sign-up');
      continue;
    }
    await endPendingSignUp(db, marker.id);
  }
  if (stale.length)
    logger.warn({ count: stale.length }, 'undid sign-ups left unfinished by a stopped process');
  return stale.length;
}
