import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsFolder, openDatabase, type DatabaseHandle } from './client';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { drizzle } from 'drizzle-orm/pglite';

// Test helpers: a migrated in-memory PGlite (migrated once per test file and
// cloned per test), and a throwaway database on a real PostgreSQL server when
// one is reachable.

let migratedTemplate: Promise<PGlite> | undefined;

async function template(): Promise<PGlite> {
  migratedTemplate ??= (async () => {
    const client = new PGlite('memory://');
    await migrate(drizzle({ client }), { migrationsFolder });
    return client;
  })();
  return migratedTemplate;
}

/** A fresh, migrated, in-memory database. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  // clone() is typed as the interface; it returns a full PGlite instance.
  const clone = (await (await template()).clone()) as PGlite;
  return openDatabase({ driver: 'pglite', instance: clone });
}

export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** True when a PostgreSQL server answers at TEST_POSTGRES_URL within a second. */
export async function isPostgresReachable(url = TEST_POSTGRES_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface ThrowawayPostgres {
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database on the server; `drop()` removes it. */
export async function createThrowawayPostgres(url = TEST_POSTGRES_URL): Promise<ThrowawayPostgres> {
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
