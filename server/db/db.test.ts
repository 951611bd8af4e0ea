import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';
import { roundTripEveryTable } from './round-trip';
import {
  createTestDatabase,
  createThrowawayPostgres,
  isPostgresReachable,
  type ThrowawayPostgres,
} from './test-databases';

const EXPECTED_TABLES = [
  'account',
  'blog_posts',
  'conversation_turns',
  'deletion_reasons',
  'documents',
  'feedback',
  'helped_tally',
  'payment_events',
  'pending_signups',
  'profiles',
  'rate_limits',
  'saved_chats',
  'session',
  'subscriptions',
  'usage_events',
  'user',
  'user_feedback',
  'verification',
];

/** Both drivers answer raw SQL as `{ rows }`. */
async function query<T>(handle: DatabaseHandle, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle.db.execute(statement)) as { rows: T[] }).rows;
}

async function tableNames(handle: DatabaseHandle): Promise<string[]> {
  const rows = await query<{ table_name: string }>(
    handle,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

describe('PGlite', () => {
  let handle: DatabaseHandle;
  afterEach(async () => handle?.close());

  it('applies the migrations: every table exists', async () => {
    handle = await createTestDatabase();
    expect(await tableNames(handle)).toEqual(EXPECTED_TABLES);
  });

  it('round-trips a row through every table', async () => {
    handle = await createTestDatabase();
    await roundTripEveryTable(handle.db);
  });

  it('persists under its folder and migrates again without changes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-'));
    try {
      handle = await openDatabase({ driver: 'pglite', dataDir: dir });
      await handle.migrate();
      await handle.db.execute(sql`insert into deletion_reasons (reason) values ('persisted')`);
      await handle.close();

      handle = await openDatabase({ driver: 'pglite', dataDir: dir });
      await handle.migrate();
      const rows = await query<{ reason: string }>(handle, sql`select reason from deletion_reasons`);
      expect(rows.map((r) => r.reason)).toEqual(['persisted']);
    } finally {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

const postgresReachable = await isPostgresReachable();

describe.runIf(postgresReachable)('PostgreSQL server (throwaway database)', () => {
  let server: ThrowawayPostgres;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    server = await createThrowawayPostgres();
    handle = await openDatabase({ driver: 'postgres', url: server.url });
    await handle.migrate();
  });
  afterAll(async () => {
    await handle?.close();
    await server?.drop();
  });

  it('applies the same migrations: every table exists', async () => {
    expect(await tableNames(handle)).toEqual(EXPECTED_TABLES);
    await handle.migrate(); // a second run is a no-op
  });

  it('round-trips a row through every table', async () => {
    await roundTripEveryTable(handle.db);
  });
});
