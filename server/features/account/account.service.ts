import { desc, eq, like, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  conversationTurns,
  deletionReasons,
  feedback,
  pendingSignups,
  profiles,
  savedChats,
  session,
  subscriptions,
  usageEvents,
  user,
  userFeedback,
  verification,
} from '../../db/schema/index';
import { isPlaceholderEmail } from '../auth/auth';
import type { Config } from '../../config';
import { askedInLastDay, DEFAULT_TIME_ZONE } from '../assistant/usage.service';

export type Profile = typeof profiles.$inferSelect;

/** The profile of a user, created on first read if an older account has none (SPEC.md §3). */
export async function getOrCreateProfile(
  db: Database,
  account: { id: string; email: string; name: string },
  defaultPlan: Config['DEFAULT_PLAN'],
): Promise<Profile> {
  const [existing] = await db.select().from(profiles).where(eq(profiles.id, account.id));
  if (existing) return existing;
  const [created] = await db
    .insert(profiles)
    .values({ id: account.id, email: account.email, firstName: account.name, plan: defaultPlan })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [raced] = await db.select().from(profiles).where(eq(profiles.id, account.id));
  if (!raced) throw new Error('profile vanished while being created');
  return raced;
}

export async function updateProfile(
  db: Database,
  userId: string,
  changes: Partial<
    Pick<Profile, 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'preferredLanguage' | 'timeZone'>
  >,
  now: Date = new Date(),
): Promise<Profile> {
  let timeZoneChangedAt: Date | undefined;
  if (changes.timeZone !== undefined) {
    const [current] = await db
      .select({ timeZone: profiles.timeZone })
      .from(profiles)
      .where(eq(profiles.id, userId));
    const zone = (value: string | null | undefined) => value ?? DEFAULT_TIME_ZONE;
    // A new zone moves the FREE day's midnight; see countingSince.
    if (zone(current?.timeZone) !== zone(changes.timeZone) && (await askedInLastDay(db, userId, now)))
      timeZoneChangedAt = now;
  }
  const [updated] = await db
    .update(profiles)
    .set({ ...changes, ...(timeZoneChangedAt ? { timeZoneChangedAt } : {}), updatedAt: now })
    .where(eq(profiles.id, userId))
    .returning();
  if (!updated) throw new Error('profile not found');
  return updated;
}

/**
 * Deletes everything of the person in one transaction: the user row cascades
 * to sessions, accounts, profile, saved chats, usage, conversation context,
 * survey answers and subscriptions; codes sent to their phone go too. The
 * reason, when given, is kept with no link to them.
 */
export async function deleteAccount(db: Database, userId: string, reason: string | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ phoneNumber: user.phoneNumber, email: user.email })
      .from(user)
      .where(eq(user.id, userId));
    if (!row) return;
    if (reason) await tx.insert(deletionReasons).values({ reason });
    // Codes sent to them, and password-reset links (whose value is their id).
    const identifiers = [eq(verification.identifier, row.email), eq(verification.value, userId)];
    if (row.phoneNumber) identifiers.push(like(verification.identifier, `%${row.phoneNumber}`));
    await tx.delete(verification).where(or(...identifiers));
    // Messages they sent through the contact form, with their name and address.
    if (!isPlaceholderEmail(row.email))
      await tx.delete(userFeedback).where(sql`lower(${userFeedback.email}) = ${row.email.toLowerCase()}`);
    await tx.delete(pendingSignups).where(eq(pendingSignups.email, row.email.toLowerCase()));
    await tx.delete(user).where(eq(user.id, userId));
  });
}

/** What we hold about the person, for the CCPA right of access. */
export async function exportAccount(db: Database, userId: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const chats = await db
    .select({
      id: savedChats.id,
      title: savedChats.title,
      question: savedChats.question,
      answer: savedChats.answer,
      category: savedChats.category,
      isFavorite: savedChats.isFavorite,
      createdAt: savedChats.createdAt,
    })
    .from(savedChats)
    .where(eq(savedChats.userId, userId))
    .orderBy(desc(savedChats.createdAt));
  const surveys = await db
    .select({
      ratings: feedback.ratings,
      answers: feedback.answers,
      additionalComments: feedback.additionalComments,
      createdAt: feedback.createdAt,
    })
    .from(feedback)
    .where(eq(feedback.userId, userId));
  const [account] = await db
    .select({ email: user.email, phoneNumber: user.phoneNumber, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, userId));
  const sessions = await db
    .select({
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(eq(session.userId, userId));
  const conversation = await db
    .select({
      role: conversationTurns.role,
      content: conversationTurns.content,
      createdAt: conversationTurns.createdAt,
    })
    .from(conversationTurns)
    .where(eq(conversationTurns.userId, userId));
  const contactMessages =
    account && !isPlaceholderEmail(account.email)
      ? await db
          .select({
            firstName: userFeedback.firstName,
            lastName: userFeedback.lastName,
            email: userFeedback.email,
            message: userFeedback.message,
            createdAt: userFeedback.createdAt,
          })
          .from(userFeedback)
          .where(sql`lower(${userFeedback.email}) = ${account.email.toLowerCase()}`)
      : [];
  // The ledger of questions asked (no text: only when, and whether it was answered).
  const usage = await db
    .select({ kind: usageEvents.kind, answered: usageEvents.answered, createdAt: usageEvents.createdAt })
    .from(usageEvents)
    .where(eq(usageEvents.userId, userId))
    .orderBy(desc(usageEvents.createdAt));
  const membership = await db
    .select({
      provider: subscriptions.provider,
      status: subscriptions.status,
      cardBrand: subscriptions.cardBrand,
      cardLast4: subscriptions.cardLast4,
      trialEndsAt: subscriptions.trialEndsAt,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      createdAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return {
    exportedAt: new Date().toISOString(),
    account: account ?? null,
    profile: profile ?? null,
    savedChats: chats,
    conversationContext: conversation,
    surveys,
    contactMessages,
    usage,
    sessions,
    subscriptions: membership,
  };
}
