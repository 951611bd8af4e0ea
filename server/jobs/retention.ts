import { sql, type SQL } from 'drizzle-orm';
import { RETENTION_DAYS } from '../../common/constants';
import type { Database } from '../db/client';
import {
  conversationTurns,
  deletionReasons,
  feedback,
  rateLimits,
  savedChats,
  session,
  usageEvents,
  userFeedback,
  verification,
} from '../db/schema/index';
import type { Logger } from '../lib/logger';

// The privacy policy keeps data up to 2 years (SPEC.md §9, DESIGN.md
// improvement 10): this hourly pass deletes what is older (chats, usage,
// conversation context, survey answers, contact messages with their names and
// e-mails, deletion reasons), and what has
// expired anyway (sessions, sign-in codes and reset links, rate-limit windows).

const DAY_MS = 24 * 60 * 60 * 1000;
export const RETENTION_MS = RETENTION_DAYS * DAY_MS;
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/**
 * Key of the Postgres advisory lock that lets one instance at a time do the
 * pass (any constant that no other lock of the app uses).
 */
export const RETENTION_LOCK_KEY = 7_302_024;

export interface PurgeResult {
  /** True when another instance held the lock, so this one deleted nothing. */
  skipped: boolean;
  savedChats: number;
  usageEvents: number;
  conversationTurns: number;
  surveys: number;
  contactMessages: number;
  deletionReasons: number;
  sessions: number;
  verifications: number;
  rateLimits: number;
}

const nothing = (skipped: boolean): PurgeResult => ({
  skipped,
  savedChats: 0,
  usageEvents: 0,
  conversationTurns: 0,
  surveys: 0,
  contactMessages: 0,
  deletionReasons: 0,
  sessions: 0,
  verifications: 0,
  rateLimits: 0,
});

/**
 * Deletes, in one transaction, chats, usage rows, conversation turns, survey
 * answers, contact messages and deletion reasons created more than
 * RETENTION_DAYS before `now`, and sessions, verification
 * codes and rate-limit windows that ended before `now`. Several instances may
 * call it at once: the first takes a transaction-scoped advisory lock and the
 * others skip; the deletes are idempotent either way.
 */
export async function purgeExpiredData(db: Database, now: Date): Promise<PurgeResult> {
  const cutoff = sql`${new Date(now.getTime() - RETENTION_MS).toISOString()}::timestamptz`;
  const at = sql`${now.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    const lock = await firstRow<{ locked: boolean }>(
      tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as locked`),
    );
    if (!lock?.locked) return nothing(true);
    // Counted in SQL, so both drivers report the same way.
    const remove = async (statement: SQL): Promise<number> => {
      const row = await firstRow<{ n: number }>(
        tx.execute(sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`),
      );
      return Number(row?.n ?? 0);
    };
    return {
      skipped: false,
      savedChats: await remove(sql`delete from ${savedChats} where ${savedChats.createdAt} < ${cutoff}`),
      usageEvents: await remove(sql`delete from ${usageEvents} where ${usageEvents.createdAt} < ${cutoff}`),
      conversationTurns: await remove(
        sql`delete from ${conversationTurns} where ${conversationTurns.createdAt} < ${cutoff}`,
      ),
      surveys: await remove(sql`delete from ${feedback} where ${feedback.createdAt} < ${cutoff}`),
      contactMessages: await remove(
        sql`delete from ${userFeedback} where ${userFeedback.createdAt} < ${cutoff}`,
      ),
      deletionReasons: await remove(
        sql`delete from ${deletionReasons} where ${deletionReasons.createdAt} < ${cutoff}`,
      ),
      sessions: await remove(sql`delete from ${session} where ${session.expiresAt} < ${at}`),
      verifications: await remove(sql`delete from ${verification} where ${verification.expiresAt} < ${at}`),
      rateLimits: await remove(sql`delete from ${rateLimits} where ${rateLimits.resetAt} <= ${at}`),
    };
  });
}

/** Both drivers answer raw SQL as `{ rows }`. */
async function firstRow<T>(result: Promise<unknown>): Promise<T | undefined> {
  return ((await result) as { rows: T[] }).rows[0];
}

export interface RetentionJobOptions {
  db: Database;
  logger: Logger;
  clock?: () => Date;
  intervalMs?: number;
}

/**
 * Runs purgeExpiredData at once and then every `intervalMs` (an hour), in
 * this process. The timer does not keep the process alive. Returns a stop
 * function, whose promise settles once a pass in progress has finished (so
 * the database can be closed after it).
 */
export function startRetentionJob({
  db,
  logger,
  clock = () => new Date(),
  intervalMs = RETENTION_INTERVAL_MS,
}: RetentionJobOptions): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  const pass = () => {
    // A slow pass is not overlapped by the next tick of this instance.
    if (running || stopped) return;
    const started = performance.now();
    running = purgeExpiredData(db, clock())
      .then((result) => {
        if (result.skipped) logger.debug('retention pass skipped: another instance holds the lock');
        else logger.info({ ...result, ms: Math.round(performance.now() - started) }, 'retention pass');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'retention pass failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  pass();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
