import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETENTION_DAYS } from '../../common/constants';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import {
  conversationTurns,
  deletionReasons,
  feedback,
  rateLimits,
  savedChats,
  session,
  usageEvents,
  user,
  userFeedback,
  verification,
} from '../db/schema/index';
import {
  createTestDatabase,
  createThrowawayPostgres,
  isPostgresReachable,
  type ThrowawayPostgres,
} from '../db/test-databases';
import type { Logger } from '../lib/logger';
import { purgeExpiredData, RETENTION_LOCK_KEY, startRetentionJob, type PurgeResult } from './retention';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const NOW = new Date('2026-06-01T12:00:00Z');
const ago = (ms: number, from = NOW) => new Date(from.getTime() - ms);
const later = (ms: number, from = NOW) => new Date(from.getTime() + ms);
/** Just outside and just inside the retention period, seen from NOW. */
const TOO_OLD = ago(RETENTION_DAYS * DAY + MINUTE);
const STILL_KEPT = ago(RETENTION_DAYS * DAY - MINUTE);

let handles: DatabaseHandle[] = [];
let throwaway: ThrowawayPostgres | undefined;
afterEach(async () => {
  for (const handle of handles) await handle.close();
  handles = [];
  await throwaway?.drop();
  throwaway = undefined;
});

async function pglite(): Promise<Database> {
  const handle = await createTestDatabase();
  handles.push(handle);
  return handle.db;
}

async function addUser(db: Database, name: string): Promise<string> {
  const id = `user-${name}-${randomUUID()}`;
  await db.insert(user).values({ id, name, email: `${id}@example.com` });
  return id;
}

/** One row in every table the pass looks at, for one user, dated `at` (or ending at `at`). */
async function addRows(db: Database, userId: string, label: string, created: Date, ends: Date) {
  await db.insert(savedChats).values({
    userId,
    title: label,
    question: `pregunta ${label}`,
    answer: 'respuesta',
    createdAt: created,
  });
  await db.insert(usageEvents).values({ userId, createdAt: created });
  await db.insert(usageEvents).values({ guestId: `guest-${label}`, ipHash: 'abc', createdAt: created });
  await db.insert(conversationTurns).values({ userId, role: 'user', content: label, createdAt: created });
  await db.insert(feedback).values({ userId, ratings: { ease_of_use: 5 }, createdAt: created });
  await db.insert(userFeedback).values({
    firstName: label,
    lastName: 'Contacto',
    email: `${label}@example.com`,
    message: 'Un mensaje de contacto',
    createdAt: created,
  });
  await db.insert(deletionReasons).values({ reason: label, createdAt: created });
  await db.insert(session).values({
    id: `session-${label}-${userId}`,
    token: `token-${label}-${userId}`,
    userId,
    expiresAt: ends,
  });
  await db.insert(verification).values({
    id: `code-${label}-${userId}`,
    identifier: `+1555${label}`,
    value: '123456:0',
    expiresAt: ends,
  });
  await db.insert(rateLimits).values({ key: `sign-in:ip:${label}:${userId}`, count: 3, resetAt: ends });
}

async function labelsLeft(db: Database) {
  // Both drivers answer raw SQL as `{ rows }`; each query here reads one column.
  const rows = async (statement: ReturnType<typeof sql>) =>
    ((await db.execute(statement)) as unknown as { rows: object[] }).rows.map((row) => Object.values(row)[0]);
  return {
    savedChats: (await rows(sql`select title from saved_chats order by title`)).sort(),
    usageEvents: Number((await rows(sql`select count(*)::int from usage_events`))[0]),
    conversationTurns: (await rows(sql`select content from conversation_turns order by content`)).sort(),
    surveys: Number((await rows(sql`select count(*)::int from feedback`))[0]),
    contactMessages: (await rows(sql`select first_name from user_feedback`)).sort(),
    deletionReasons: (await rows(sql`select reason from deletion_reasons`)).sort(),
    sessions: (await rows(sql`select id from session order by id`)).length,
    verifications: (await rows(sql`select id from verification order by id`)).length,
    rateLimits: (await rows(sql`select key from rate_limits order by key`)).length,
  };
}

/** Two users: Ana has data older than the period and expired sign-in rows, and recent ones; Luis only recent ones. */
async function seed(db: Database) {
  const ana = await addUser(db, 'ana');
  const luis = await addUser(db, 'luis');
  await addRows(db, ana, 'viejo', TOO_OLD, ago(MINUTE));
  await addRows(db, ana, 'reciente', STILL_KEPT, later(MINUTE));
  await addRows(db, luis, 'luis', ago(DAY), later(DAY));
  return { ana, luis };
}

const ONE_PASS: PurgeResult = {
  skipped: false,
  savedChats: 1,
  usageEvents: 2,
  conversationTurns: 1,
  surveys: 1,
  contactMessages: 1,
  deletionReasons: 1,
  sessions: 1,
  verifications: 1,
  rateLimits: 1,
};

const AFTER_ONE_PASS = {
  savedChats: ['luis', 'reciente'],
  usageEvents: 4,
  conversationTurns: ['luis', 'reciente'],
  surveys: 2,
  contactMessages: ['luis', 'reciente'],
  deletionReasons: ['luis', 'reciente'],
  sessions: 2,
  verifications: 2,
  rateLimits: 2,
};

describe('purgeExpiredData (PGlite)', () => {
  it('deletes what is older than the period and what expired, keeps the rest and other people’s data', async () => {
    const db = await pglite();
    await seed(db);
    expect(await purgeExpiredData(db, NOW)).toEqual(ONE_PASS);
    expect(await labelsLeft(db)).toEqual(AFTER_ONE_PASS);
  });

  it('keeps everything while it is young enough, and deletes it once the clock passes two years', async () => {
    const db = await pglite();
    const ana = await addUser(db, 'ana');
    await addRows(db, ana, 'hoy', NOW, later(30 * DAY));
    const tooEarly = await purgeExpiredData(db, later(RETENTION_DAYS * DAY - MINUTE));
    expect(tooEarly).toMatchObject({ savedChats: 0, usageEvents: 0, conversationTurns: 0 });
    expect((await labelsLeft(db)).savedChats).toEqual(['hoy']);
    const twoYearsOn = await purgeExpiredData(db, later(RETENTION_DAYS * DAY + MINUTE));
    expect(twoYearsOn).toMatchObject({ savedChats: 1, usageEvents: 2, conversationTurns: 1 });
    expect(await labelsLeft(db)).toEqual({
      savedChats: [],
      usageEvents: 0,
      conversationTurns: [],
      surveys: 0,
      contactMessages: [],
      deletionReasons: [],
      sessions: 0,
      verifications: 0,
      rateLimits: 0,
    });
  });

  it('is idempotent: a second pass, or passes at the same time, delete nothing more', async () => {
    const db = await pglite();
    await seed(db);
    const together = await Promise.all([purgeExpiredData(db, NOW), purgeExpiredData(db, NOW)]);
    const deleted = (key: keyof Omit<PurgeResult, 'skipped'>) => together.reduce((sum, r) => sum + r[key], 0);
    expect(deleted('savedChats')).toBe(1);
    expect(deleted('usageEvents')).toBe(2);
    expect(deleted('sessions')).toBe(1);
    expect(await purgeExpiredData(db, NOW)).toEqual({ ...ONE_PASS, ...zeroCounts() });
    expect(await labelsLeft(db)).toEqual(AFTER_ONE_PASS);
  });
});

function zeroCounts() {
  return {
    savedChats: 0,
    usageEvents: 0,
    conversationTurns: 0,
    surveys: 0,
    contactMessages: 0,
    deletionReasons: 0,
    sessions: 0,
    verifications: 0,
    rateLimits: 0,
  };
}

function recordingLogger() {
  const lines: Array<{ level: string; fields: unknown; message?: string }> = [];
  const record =
    (level: string) =>
    (fields: unknown, message?: string): void => {
      lines.push({ level, fields, message });
    };
  const logger = { info: record('info'), debug: record('debug'), error: record('error') };
  return { lines, logger: logger as unknown as Logger };
}

describe('startRetentionJob', () => {
  it('runs at start and then on every tick with the clock it is given, until stopped', async () => {
    const db = await pglite();
    const ana = await addUser(db, 'ana');
    await addRows(db, ana, 'viejo', TOO_OLD, ago(MINUTE));
    let now = NOW;
    const { lines, logger } = recordingLogger();
    const stop = startRetentionJob({ db, logger, clock: () => now, intervalMs: 25 });
    await vi.waitFor(async () => expect((await labelsLeft(db)).savedChats).toEqual([]));

    // A chat saved today is deleted on the first tick after the clock passes two years.
    await addRows(db, ana, 'nuevo', NOW, later(DAY));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await labelsLeft(db)).savedChats).toEqual(['nuevo']);
    now = later(RETENTION_DAYS * DAY + MINUTE);
    await vi.waitFor(async () => expect((await labelsLeft(db)).savedChats).toEqual([]));

    await stop();
    await addRows(db, ana, 'despues', TOO_OLD, ago(MINUTE));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await labelsLeft(db)).savedChats).toEqual(['despues']);

    const passes = lines.filter((line) => line.message === 'retention pass');
    expect(passes.length).toBeGreaterThanOrEqual(2);
    expect(passes[0]?.fields).toMatchObject({ savedChats: 1, sessions: 1 });
  });

  it('logs a failed pass and keeps going', async () => {
    let calls = 0;
    const broken = {
      transaction: async () => {
        calls += 1;
        throw new Error('connection refused');
      },
    } as unknown as Database;
    const { lines, logger } = recordingLogger();
    const stop = startRetentionJob({ db: broken, logger, intervalMs: 10 });
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(2));
    await stop();
    expect(lines.some((line) => line.level === 'error' && line.message === 'retention pass failed')).toBe(
      true,
    );
  });
});

const postgresReachable = await isPostgresReachable();

describe.runIf(postgresReachable)('purgeExpiredData on a PostgreSQL server, several instances', () => {
  async function instance(url: string) {
    const handle = await openDatabase({ driver: 'postgres', url, poolSize: 2 });
    handles.push(handle);
    return handle;
  }

  it('passes at the same time from two instances delete each row once, without error', async () => {
    throwaway = await createThrowawayPostgres();
    const first = await instance(throwaway.url);
    await first.migrate();
    const second = await instance(throwaway.url);
    await seed(first.db);
    const results = await Promise.all([purgeExpiredData(first.db, NOW), purgeExpiredData(second.db, NOW)]);
    const savedChatsDeleted = results.reduce((sum, r) => sum + r.savedChats, 0);
    expect(savedChatsDeleted).toBe(1);
    expect(await labelsLeft(second.db)).toEqual(AFTER_ONE_PASS);
  });

  it('an instance skips the pass while another holds the lock', async () => {
    throwaway = await createThrowawayPostgres();
    const first = await instance(throwaway.url);
    await first.migrate();
    await seed(first.db);
    const other = new pg.Client({ connectionString: throwaway.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1)', [RETENTION_LOCK_KEY]);
      expect(await purgeExpiredData(first.db, NOW)).toEqual({ skipped: true, ...zeroCounts() });
      await other.query('commit');
    } finally {
      await other.end();
    }
    expect(await purgeExpiredData(first.db, NOW)).toEqual(ONE_PASS);
  });
});
