import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';

// The product's own tables (SPEC.md §3) plus what the later features need:
// the usage ledger, per-user conversation context, subscriptions, rate limits.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number'),
    plan: text('plan', { enum: ['FREE', 'UNLIMITED'] })
      .notNull()
      .default('UNLIMITED'),
    preferredLanguage: text('preferred_language', { enum: ['es', 'en'] })
      .notNull()
      .default('es'),
    voiceId: text('voice_id'),
    /** IANA time zone sent by the browser; the FREE plan's day starts at its midnight. */
    timeZone: text('time_zone'),
    /**
     * When the time zone last changed while the person had questions in the
     * last 24 hours: for a day after that, the FREE day is a rolling 24 hours,
     * so moving midnight cannot give questions back.
     */
    timeZoneChangedAt: timestamp('time_zone_changed_at', { withTimezone: true }),
    /**
     * Goes up with every insert, update or delete of the person's saved chats,
     * by triggers on saved_chats (migration 0001), whoever writes them: the
     * chat list is served from a cache while it stays the same.
     */
    chatsVersion: integer('chats_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('profiles_plan_check', sql`${t.plan} in ('FREE', 'UNLIMITED')`),
    check('profiles_language_check', sql`${t.preferredLanguage} in ('es', 'en')`),
  ],
);

export const savedChats = pgTable(
  'saved_chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    category: text('category', { enum: ['residencia', 'asilo', 'trabajo', 'familia', 'otros'] })
      .notNull()
      .default('otros'),
    isFavorite: boolean('is_favorite').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_chats_user_created_idx').on(t.userId, t.createdAt.desc()),
    check(
      'saved_chats_category_check',
      sql`${t.category} in ('residencia', 'asilo', 'trabajo', 'familia', 'otros')`,
    ),
  ],
);

/** Official forms catalogue (SPEC.md "documents"), loaded from content/forms.json. */
export const documents = pgTable('documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  formNumber: text('form_number').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  /** Name of an operator-uploaded copy in storage, when there is one. */
  filename: text('filename'),
  officialUrl: text('official_url').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Survey answers (SPEC.md "feedback"): ratings and open answers keyed by the §3 ids. */
export const feedback = pgTable('feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
  ratings: jsonb('ratings').$type<Record<string, number>>().notNull().default({}),
  answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
  additionalComments: text('additional_comments'),
  createdAt: createdAt(),
});

/** Public contact form (SPEC.md "user_feedback"). */
export const userFeedback = pgTable('user_feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    content: text('content').notNull(),
    author: text('author').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    published: boolean('published').notNull().default(false),
    featured: boolean('featured').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('blog_posts_published_idx').on(t.published, t.publishedAt.desc())],
);

/**
 * Usage ledger: one row per question accepted by the assistant. Limits count
 * these rows (not saved chats), so deleting a chat gives nothing back. A row
 * belongs to a user or to a guest cookie; ip_hash bounds guests per network.
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    guestId: text('guest_id'),
    ipHash: text('ip_hash'),
    kind: text('kind').notNull().default('question'),
    /** Set once an answer was delivered; the helped counter counts these people. */
    answered: boolean('answered').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('usage_events_user_idx').on(t.userId, t.createdAt),
    index('usage_events_guest_idx').on(t.guestId, t.createdAt),
    index('usage_events_ip_idx').on(t.ipHash, t.createdAt),
    check('usage_events_owner_check', sql`${t.userId} is not null or ${t.guestId} is not null`),
  ],
);

/**
 * One row: the people the helped counter counted whose answered usage rows
 * are gone (the two-year retention pass, an account deletion). A trigger on
 * usage_events adds them as their last answered row goes (migration 0002),
 * so the counter never goes down.
 */
export const helpedTally = pgTable(
  'helped_tally',
  {
    id: integer('id').primaryKey().default(1),
    retired: integer('retired').notNull().default(0),
  },
  (t) => [check('helped_tally_single_row', sql`${t.id} = 1`)],
);

/** The signed-in user's recent turns, sent with the next question as context. */
export const conversationTurns = pgTable(
  'conversation_turns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversation_turns_user_idx').on(t.userId, t.createdAt),
    check('conversation_turns_role_check', sql`${t.role} in ('user', 'assistant')`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    status: text('status', {
      enum: ['trialing', 'active', 'past_due', 'canceled', 'incomplete'],
    }).notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    uniqueIndex('subscriptions_provider_sub_idx').on(t.provider, t.providerSubscriptionId),
  ],
);

/**
 * A sign-up with payment in progress: written before anything else, removed in
 * the transaction that records the subscription. A process killed in between
 * leaves it behind, and the start-up sweep undoes what it points to (the
 * account without a subscription, the provider's customer).
 */
export const pendingSignups = pgTable('pending_signups', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  /** What the provider started, once it did (JSON of StartedSubscription). */
  started: jsonb('started'),
  createdAt: createdAt(),
});

/** Webhook events already handled, so replays and duplicates are ignored. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters shared by every instance (sign-in, codes, assistant, uploads…). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Reasons given when an account is deleted, kept with no link to the person. */
export const deletionReasons = pgTable('deletion_reasons', {
  id: uuid('id').primaryKey().defaultRandom(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});
