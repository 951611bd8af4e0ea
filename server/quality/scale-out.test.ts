import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_DAILY_QUESTIONS } from '../../common/constants';
import { loadConfig } from '../config';
import { migrationsFolder, openDatabase } from '../db/client';
import { createThrowawayPostgres, isPostgresReachable, type ThrowawayPostgres } from '../db/test-databases';
import { LIMIT_MESSAGE } from '../features/assistant/assistant.service';
import { createStorageProvider } from '../providers/storage/index';
import { listeningPort, spawnServer } from '../test/server-process';

// Scale-out as README's deployment describes it: two app processes on their own
// ports, one PostgreSQL database, one storage folder, one AUTH_SECRET and
// PUBLIC_URL. Anything an instance kept to itself (sessions, limits, files)
// shows up here as a request that works on one instance and not the other.

/** The browser's origin, as a load balancer in front of both would present it. */
const PUBLIC_URL = 'http://localhost:4999';
const AUTH_SECRET = 'scale-out-secret-shared-by-every-instance-0123456789';

/** Every process started here, stopped in afterAll. */
const children: ChildProcess[] = [];

interface Instance {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts the server on a free port and waits until it listens. */
async function startInstance(env: Record<string, string>): Promise<Instance> {
  const started = spawnServer(env);
  children.push(started.child);
  const port = await listeningPort(started, 60_000);
  return { child: started.child, url: `http://127.0.0.1:${port}`, output: started.output };
}

/** The JSON answers these tests read, loosely typed. */
interface Body {
  error?: { code: string; message: string };
  profile?: Record<string, unknown>;
  chat?: { id: string };
  chats?: Array<Record<string, unknown>>;
  forms?: Array<{ id: string; formNumber: string; fileAvailable: boolean }>;
  url?: string;
  remaining?: number | null;
  questionsLeftToday?: number | null;
  [key: string]: unknown;
}

/** A browser: keeps cookies, sends the site's Origin on writes, and may talk to any instance. */
class Browser {
  private cookies = new Map<string, string>();
  /** Another browser holding the same cookies (a copy of the session token, say). */
  copy(): Browser {
    const other = new Browser();
    other.cookies = new Map(this.cookies);
    return other;
  }
  async call(instance: Instance, route: string, init: { method?: string; json?: unknown } = {}) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (init.json !== undefined) headers['Content-Type'] = 'application/json';
    if (init.method && init.method !== 'GET') headers.Origin = PUBLIC_URL;
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${instance.url}${route}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    let body: Body = {};
    try {
      body = JSON.parse(text) as Body;
    } catch {
      body = { text };
    }
    return { status: response.status, body };
  }
}

const postgresReachable = await isPostgresReachable();

describe.skipIf(!postgresReachable)('two instances sharing one PostgreSQL and one storage folder', () => {
  let database: ThrowawayPostgres;
  let dataDir: string;
  let one: Instance;
  let two: Instance;

  beforeAll(async () => {
    database = await createThrowawayPostgres();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-out-'));
    const env = {
      NODE_ENV: 'production',
      PAYMENTS: 'sandbox',
      DATABASE_URL: database.url,
      AUTH_SECRET,
      PUBLIC_URL,
      DATA_DIR: dataDir,
      DEFAULT_PLAN: 'FREE',
    };
    // Started together on an empty database, as in a deploy: both migrate at once.
    [one, two] = await Promise.all([startInstance(env), startInstance(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      children.splice(0).map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
          }),
      ),
    );
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('instances migrating one empty database at once take turns instead of failing', async () => {
    const empty = await createThrowawayPostgres();
    const handles = await Promise.all(
      [1, 2, 3, 4].map(() => openDatabase({ driver: 'postgres', url: empty.url, poolSize: 2 })),
    );
    try {
      await Promise.all(handles.map((handle) => handle.migrate()));
      const result = await handles[0]!.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const [row] = (result as unknown as { rows: Array<{ n: number }> }).rows;
      expect(row?.n).toBe(fs.readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await empty.drop();
    }
  });

  it('both started on the empty database (one migrated, the other waited) and answer on their own ports', async () => {
    expect(one.url).not.toBe(two.url);
    for (const instance of [one, two]) {
      const health = await fetch(`${instance.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ database: { driver: 'postgres' } });
    }
    // Each runs the retention job at start: a pass, or a skip while the other holds its lock.
    await expect.poll(() => [one, two].some((i) => i.output().includes('"msg":"retention pass"'))).toBe(true);
    for (const instance of [one, two]) expect(instance.output()).not.toContain('retention pass failed');
  });

  it('a session made through one instance works on the other, and so does what it saves', async () => {
    const ana = new Browser();
    const signUp = await ana.call(one, '/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: 'ana@example.com', password: 'secreto-123', name: 'Ana' },
    });
    expect(signUp.status).toBe(200);

    const me = await ana.call(two, '/api/me');
    expect(me.status).toBe(200);
    expect(me.body.profile).toMatchObject({ email: 'ana@example.com', firstName: 'Ana', plan: 'FREE' });

    const saved = await ana.call(two, '/api/chats', {
      method: 'POST',
      json: { question: '¿Cómo renuevo mi permiso de trabajo?', answer: 'Con el formulario I-765.' },
    });
    expect(saved.status).toBe(201);
    const listed = await ana.call(one, '/api/chats');
    expect(listed.status).toBe(200);
    expect(listed.body.chats).toEqual([
      expect.objectContaining({ id: saved.body.chat?.id, question: '¿Cómo renuevo mi permiso de trabajo?' }),
    ]);
    // Instance one now holds the list in its cache: changes made through two still show on one.
    const id = saved.body.chat?.id as string;
    await ana.call(two, `/api/chats/${id}`, { method: 'PATCH', json: { is_favorite: true } });
    expect((await ana.call(one, '/api/chats')).body.chats).toEqual([
      expect.objectContaining({ id, is_favorite: true }),
    ]);
    await ana.call(two, `/api/chats/${id}`, { method: 'DELETE' });
    expect((await ana.call(one, '/api/chats')).body.chats).toEqual([]);

    // Signing out through one instance ends the session on the other too.
    const oldCookie = ana.copy();
    expect((await oldCookie.call(one, '/api/me')).status).toBe(200);
    expect((await ana.call(two, '/api/auth/sign-out', { method: 'POST', json: {} })).status).toBe(200);
    expect((await oldCookie.call(one, '/api/me')).status).toBe(401);
  });

  it("the FREE plan's questions a day are counted through both instances together", async () => {
    const luis = new Browser();
    await luis.call(two, '/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: 'luis@example.com', password: 'secreto-123', name: 'Luis' },
    });
    const instances = [one, two];
    for (let i = 0; i < FREE_DAILY_QUESTIONS; i++) {
      const answered = await luis.call(instances[i % 2]!, '/api/assistant/ask', {
        method: 'POST',
        json: { question: `¿Qué es la green card? (${i + 1})` },
      });
      expect(answered.status).toBe(200);
      expect(answered.body.remaining).toBe(FREE_DAILY_QUESTIONS - i - 1);
    }
    // Each instance alone has seen fewer than the limit, yet the next one is refused on either.
    for (const instance of instances) {
      const refused = await luis.call(instance, '/api/assistant/ask', {
        method: 'POST',
        json: { question: '¿Y la ciudadanía?' },
      });
      expect(refused.status).toBe(429);
      expect(refused.body.error?.message).toBe(LIMIT_MESSAGE);
      expect((await luis.call(instance, '/api/me')).body.questionsLeftToday).toBe(0);
    }
  });

  it('a rate limit counted in the database adds up across instances', async () => {
    const contact = (instance: Instance, from: string) =>
      new Browser().call(instance, '/api/feedback/contact', {
        method: 'POST',
        json: {
          first_name: 'Ana',
          last_name: 'López',
          email: from,
          message: 'Quiero más información, por favor.',
        },
      });
    // The contact form is bounded per network: count its limit through one instance alone...
    let alone = 0;
    for (;;) {
      const response = await contact(one, 'sola@example.com');
      if (response.status === 429) break;
      expect(response.status).toBe(201);
      alone++;
      expect(alone).toBeLessThan(100);
    }
    expect(alone).toBeGreaterThan(1);
    // ...then reset the window and spend it alternating between the instances.
    await clearRateLimits(database.url);
    const served = [0, 0];
    let refused: Awaited<ReturnType<typeof contact>> | undefined;
    for (let i = 0; ; i++) {
      const response = await contact(i % 2 ? two : one, 'ambas@example.com');
      if (response.status === 429) {
        refused = response;
        break;
      }
      expect(response.status).toBe(201);
      served[i % 2]!++;
      expect(i).toBeLessThan(2 * alone + 2);
    }
    expect(served[0]! + served[1]!).toBe(alone);
    expect(Math.max(...served)).toBeLessThan(alone);
    expect(refused?.status).toBe(429);
    expect(refused?.body.error).toEqual({ code: 'rate_limited', message: expect.any(String) });
  });

  it('a file in the shared storage folder is offered by one instance and downloaded from the other', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4 I-485 de prueba');
    const storage = createStorageProvider(loadConfig({ DATA_DIR: dataDir }), 'only-puts-files');
    await storage.put('forms/i-485.pdf', bytes, 'application/pdf');

    const maria = new Browser();
    await maria.call(one, '/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: 'maria@example.com', password: 'secreto-123', name: 'María' },
    });
    const { body } = await maria.call(two, '/api/forms');
    const form = body.forms?.find((f) => f.formNumber === 'I-485');
    expect(form?.fileAvailable).toBe(true);
    const link = await maria.call(one, `/api/forms/${form!.id}/download`, { method: 'POST', json: {} });
    expect(link.status).toBe(200);
    const file = await fetch(`${two.url}${link.body.url}`);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });
});

async function clearRateLimits(url: string) {
  const handle = await openDatabase({ driver: 'postgres', url, poolSize: 1 });
  try {
    await handle.db.execute(sql`delete from rate_limits`);
  } finally {
    await handle.close();
  }
}
