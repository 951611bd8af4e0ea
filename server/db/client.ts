import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** Either driver; services only use what both share. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** Applies the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance, when embedded (tests clone it). */
  pglite?: PGlite;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** pg_advisory_lock key held while migrating, so instances starting together take turns. */
export const MIGRATION_LOCK_KEY = 7_340_211;

export type DatabaseOptions =
  | { driver: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { driver: 'pglite'; dataDir?: string }
  | { driver: 'pglite'; instance: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      migrate: async () => {
        // Instances starting at once (a deploy, a scale-out) would otherwise run the same
        // migration twice and one would fail. The lock lives on its own connection, so a
        // pool of any size can still migrate; a crashed holder's lock ends with its session.
        const lock = new pg.Client({ connectionString: options.url });
        lock.on('error', () => undefined);
        await lock.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(db, { migrationsFolder });
        } finally {
          await lock.end().catch(() => undefined);
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  const client = 'instance' in options ? options.instance : new PGlite(options.dataDir ?? 'memory://');
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
