import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from './client';
import * as t from './schema/index';

/**
 * Writes one row to every table, reads each back, then deletes the user and
 * checks that everything personal went with them. Shared by the PGlite and
 * PostgreSQL tests so both drivers prove the same thing.
 */
export async function roundTripEveryTable(db: Database): Promise<void> {
  const userId = 'user-round-trip';
  const now = new Date();
  const later = new Date(now.getTime() + 3600_000);

  await db.insert(t.user).values({ id: userId, name: 'Ana', email: 'ana@example.com' });
  await db.insert(t.session).values({ id: 's1', token: 'tok-1', userId, expiresAt: later });
  await db
    .insert(t.account)
    .values({ id: 'a1', accountId: userId, providerId: 'credential', userId, password: 'hash' });
  await db
    .insert(t.verification)
    .values({ id: 'v1', identifier: '+15555550100', value: '123456', expiresAt: later });
  await db
    .insert(t.profiles)
    .values({ id: userId, email: 'ana@example.com', firstName: 'Ana', lastName: 'López' });
  const [chat] = await db
    .insert(t.savedChats)
    .values({
      userId,
      title: '¿Cómo pido asilo?',
      question: '¿Cómo pido asilo?',
      answer: 'Con el I-589.',
      category: 'asilo',
    })
    .returning();
  await db.insert(t.documents).values({
    formNumber: 'I-TEST',
    title: 'Formulario de prueba',
    description: 'Prueba',
    officialUrl: 'https://www.uscis.gov/i-test',
  });
  await db.insert(t.feedback).values({
    userId,
    ratings: { expectations_met: 5, ease_of_use: 4 },
    answers: { support_feedback: 'Muy útil' },
    additionalComments: null,
  });
  await db.insert(t.userFeedback).values({
    firstName: 'Luis',
    lastName: 'Pérez',
    email: 'luis@example.com',
    message: 'Gracias por la ayuda.',
  });
  await db.insert(t.blogPosts).values({
    slug: 'prueba',
    title: 'Prueba',
    excerpt: 'Resumen',
    content: 'Contenido',
    author: 'Equipo',
    publishedAt: now,
    published: true,
  });
  await db.insert(t.usageEvents).values([
    { userId, answered: true },
    { guestId: 'guest-1', ipHash: 'iphash' },
  ]);
  await db.insert(t.conversationTurns).values([
    { userId, role: 'user', content: 'Hola' },
    { userId, role: 'assistant', content: '¿En qué te ayudo?' },
  ]);
  await db.insert(t.subscriptions).values({
    userId,
    provider: 'sandbox',
    providerSubscriptionId: 'sub_1',
    status: 'trialing',
    cardBrand: 'visa',
    cardLast4: '4242',
    trialEndsAt: later,
  });
  await db.insert(t.paymentEvents).values({ id: 'evt_1', type: 'customer.subscription.updated' });
  await db.insert(t.rateLimits).values({ key: 'sign-in:ip', count: 1, resetAt: later });
  await db.insert(t.deletionReasons).values({ reason: 'Ya no lo necesito' });
  await db.insert(t.pendingSignups).values({ email: 'rosa@example.com', started: { customerId: 'cus_1' } });

  // Read back what was written, with the defaults the schema promises.
  const [profile] = await db.select().from(t.profiles).where(eq(t.profiles.id, userId));
  expect(profile).toMatchObject({ plan: 'UNLIMITED', preferredLanguage: 'es', lastName: 'López' });
  expect(chat).toMatchObject({ isFavorite: false, category: 'asilo', title: '¿Cómo pido asilo?' });
  expect(chat?.createdAt).toBeInstanceOf(Date);
  const [form] = await db.select().from(t.documents).where(eq(t.documents.formNumber, 'I-TEST'));
  expect(form?.filename).toBeNull();
  const [survey] = await db.select().from(t.feedback);
  expect(survey?.ratings).toEqual({ expectations_met: 5, ease_of_use: 4 });
  expect(await db.select().from(t.userFeedback)).toHaveLength(1);
  const [post] = await db.select().from(t.blogPosts).where(eq(t.blogPosts.slug, 'prueba'));
  expect(post).toMatchObject({ published: true, featured: false });
  expect(await db.select().from(t.usageEvents)).toHaveLength(2);
  expect(await db.select().from(t.conversationTurns)).toHaveLength(2);
  const [subscription] = await db.select().from(t.subscriptions);
  expect(subscription).toMatchObject({ status: 'trialing', cardLast4: '4242', cancelAtPeriodEnd: false });
  expect(await db.select().from(t.paymentEvents)).toHaveLength(1);
  const [pending] = await db.select().from(t.pendingSignups);
  expect(pending).toMatchObject({ email: 'rosa@example.com', started: { customerId: 'cus_1' } });
  expect(await db.select().from(t.rateLimits)).toHaveLength(1);
  expect(await db.select().from(t.verification)).toHaveLength(1);

  // Constraints hold on both drivers.
  await expect(
    db
      .insert(t.savedChats)
      .values({ userId, title: 'x', question: 'x', answer: 'x', category: 'viajes' as 'otros' }),
  ).rejects.toThrow();
  await expect(db.insert(t.usageEvents).values({ kind: 'question' })).rejects.toThrow();
  await expect(db.insert(t.helpedTally).values({ id: 2 })).rejects.toThrow();

  // Deleting the user removes every row that is theirs.
  await db.delete(t.user).where(eq(t.user.id, userId));
  for (const table of [
    t.session,
    t.account,
    t.profiles,
    t.savedChats,
    t.feedback,
    t.conversationTurns,
    t.subscriptions,
  ]) {
    expect(await db.select().from(table)).toHaveLength(0);
  }
  const usage = await db.select().from(t.usageEvents);
  expect(usage.map((row) => row.guestId)).toEqual(['guest-1']);
  // The user had an answer: the helped counter keeps them (migration 0002's trigger).
  expect(await db.select().from(t.helpedTally)).toEqual([{ id: 1, retired: 1 }]);
}
