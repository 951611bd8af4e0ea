// API under load: autocannon against the real server process, once on the
// embedded PGlite and once on a real PostgreSQL server (a throwaway database),
// with a stand-in model that answers at once. Prints requests/s, latency
// percentiles and the server's CPU time per request for each route; the goal
// (real PostgreSQL, 50 connections) is p95 ≤ 100 ms for the routes that do not
// call a model. The load driver, the server and PostgreSQL share this
// machine's cores, so other work on it shows in the figures: the load average
// is printed with them.
//
// For a closer look: BENCH_DATABASE=pglite|postgres, BENCH_ROUTE=<part of a
// route>, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_WORKERS (server processes
// over PostgreSQL, default auto: one per core), and BENCH_NODE_ARGS="--cpu-prof"
// to profile the server.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { hashPassword } from 'better-auth/crypto';
import { openDatabase, type Database, type DatabaseHandle } from '../server/db/client';
import { acquireDataDirLock } from '../server/db/lock';
import { account, profiles, savedChats, session, user } from '../server/db/schema/index';
import { createThrowawayPostgres, isPostgresReachable, TEST_POSTGRES_URL } from '../server/db/test-databases';
import { AUTH_RATE_LIMITS } from '../server/features/auth/auth.routes';
import { rootDir, startServer, type RunningServer } from './server';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Server processes over PostgreSQL (the WORKERS setting); PGlite always runs in one. */
const POSTGRES_WORKERS = process.env.BENCH_WORKERS ?? '1';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP_SECONDS = 1;
const GOAL_P95_MS = 100;
/** People with a session: /api/me and the assistant spread over them, as 50 connections are 50 people. */
const SESSION_USERS = 400;
/** Accounts to sign in with, each once, so no per-account limit is reached. */
const SIGN_IN_ACCOUNTS = 200;
/** Of the sign-ins the per-network limit allows, these go one at a time (the rest in one burst). */
const SIGN_INS_ONE_AT_A_TIME = 10;
const CHATS = 500;
/** A saved answer of the usual length (about 800 characters). */
const SAVED_ANSWER =
  'Para renovar tu green card usas el formulario I-90. Puedes enviarlo en línea desde tu cuenta de USCIS ' +
  'o por correo, dentro de los 6 meses antes de que venza. Necesitas una copia de tu tarjeta actual y pagar ' +
  'la tarifa. Después te citan para tomar tus huellas y te llega la tarjeta nueva por correo. Mientras ' +
  'tanto, el recibo de USCIS extiende la validez de tu tarjeta. Si tu tarjeta ya venció, también usas el ' +
  'I-90. Si eres residente condicional (tarjeta de 2 años), no uses el I-90: usa el I-751 o el I-829. Si ' +
  'tienes antecedentes penales o una orden de deportación, habla antes con un abogado o un representante ' +
  'acreditado, porque renovar puede llevar a una revisión de tu caso. Hay ayuda gratuita en la lista de EOIR.';
const PASSWORD = 'bench-secreto-123';
const AUTH_SECRET = 'bench-load-secret-that-is-long-enough-0123456789';
/** better-auth's session cookie on http (no __Secure- prefix). */
const SESSION_COOKIE = 'better-auth.session_token';

interface Figures {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

interface Row extends Figures {
  /** Server process CPU time per request (ms). */
  cpuPerRequest: number;
  route: string;
  database: string;
  load: string;
  goal: string;
}

/** The signed session cookie better-auth expects: the token, a dot, and its HMAC-SHA256 in base64. */
function sessionCookie(token: string): string {
  const signature = createHmac('sha256', AUTH_SECRET).update(token).digest('base64');
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function drive(options: autocannon.Options): Promise<Figures> {
  const latencies: number[] = [];
  let non2xx = 0;
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ timeout: 30, ...options }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      latencies.push(ms);
      if (status < 200 || status >= 300) non2xx++;
    });
  });
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Round-robin over values, one per request. */
function rotate<T>(values: T[]) {
  let next = 0;
  return () => values[next++ % values.length]!;
}

interface Seeded {
  signInEmails: string[];
  cookies: string[];
  chatsCookie: string;
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

/** People with passwords and sessions, and one of them with 500 saved chats, written directly. */
async function seed(db: Database): Promise<Seeded> {
  const hash = await hashPassword(PASSWORD);
  const now = Date.now();
  const count = Math.max(SESSION_USERS, SIGN_IN_ACCOUNTS) + 1;
  const people = Array.from({ length: count }, (_, i) => ({
    id: `bench-${i}-${randomUUID()}`,
    name: `Persona ${i}`,
    email: `persona${i}@example.com`,
    emailVerified: true,
  }));
  await insertInBatches(people, (batch) => db.insert(user).values(batch));
  await insertInBatches(people, (batch) =>
    db.insert(account).values(
      batch.map((p) => ({
        id: randomUUID(),
        accountId: p.id,
        providerId: 'credential',
        userId: p.id,
        password: hash,
      })),
    ),
  );
  await insertInBatches(people, (batch) =>
    db
      .insert(profiles)
      .values(
        batch.map((p) => ({ id: p.id, email: p.email, firstName: p.name, plan: 'UNLIMITED' as const })),
      ),
  );
  const sessions = people.map((p) => ({
    id: randomUUID(),
    token: randomBytes(24).toString('base64url'),
    userId: p.id,
    expiresAt: new Date(now + 7 * 24 * 3600 * 1000),
    ipAddress: '127.0.0.1',
    userAgent: 'bench',
  }));
  await insertInBatches(sessions, (batch) => db.insert(session).values(batch));
  const categories = ['residencia', 'asilo', 'trabajo', 'familia', 'otros'] as const;
  // Person 0 has 500 chats, newest an hour ago and one more each hour before.
  const chats = Array.from({ length: CHATS }, (_, i) => {
    const question = `¿Qué documentos necesito para el trámite número ${i + 1} de mi familia?`;
    return {
      userId: people[0]!.id,
      title: question.slice(0, 50) + '...',
      question,
      answer: SAVED_ANSWER,
      category: categories[i % categories.length]!,
      isFavorite: i % 7 === 0,
      createdAt: new Date(now - (i + 1) * 3600 * 1000),
    };
  });
  await insertInBatches(chats, (batch) => db.insert(savedChats).values(batch));
  return {
    signInEmails: people.slice(1, SIGN_IN_ACCOUNTS + 1).map((p) => p.email),
    cookies: sessions.slice(1, SESSION_USERS + 1).map((s) => sessionCookie(s.token)),
    chatsCookie: sessionCookie(sessions[0]!.token),
  };
}

/** bench/instant-model.ts in its own process; resolves with its base URL. */
async function startInstantModel(): Promise<{ url: string; close: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(rootDir, 'bench/instant-model.ts')], {
    cwd: rootDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`the stand-in model exited (${code})`)));
  });
  return { url, close: () => child.kill('SIGTERM') };
}

interface Prepared {
  /** The migrated database, open for seeding. */
  handle: DatabaseHandle;
  /** The server's environment for this database. */
  env: Record<string, string>;
  /** Called once seeding is over and the database closed, before the server starts. */
  beforeStart(): void;
  cleanUp(): Promise<void>;
}

interface Target {
  label: string;
  prepare(): Promise<Prepared>;
}

const pgliteTarget: Target = {
  label: 'PGlite',
  async prepare() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
    // The server takes the same lock when it starts: seeding holds it until then.
    const release = acquireDataDirLock(dataDir);
    const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    return {
      handle,
      env: { DATA_DIR: dataDir },
      beforeStart: release,
      cleanUp: async () => {
        release();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

const postgresTarget: Target = {
  label: 'PostgreSQL',
  async prepare() {
    const throwaway = await createThrowawayPostgres();
    const handle = await openDatabase({ driver: 'postgres', url: throwaway.url });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
    return {
      handle,
      // As README's deployment runs it over PostgreSQL: one worker process per core.
      env: { DATABASE_URL: throwaway.url, DATA_DIR: dataDir, WORKERS: POSTGRES_WORKERS },
      beforeStart: () => undefined,
      cleanUp: async () => {
        await throwaway.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

async function benchTarget(target: Target, model: string): Promise<Row[]> {
  const prepared = await target.prepare();
  let server: RunningServer | undefined;
  try {
    await prepared.handle.migrate();
    const seeded = await seed(prepared.handle.db);
    await prepared.handle.close();
    prepared.beforeStart();
    server = await startServer({
      ...prepared.env,
      AUTH_SECRET,
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: model,
    });
    await checkSeed(server.url, seeded);
    return await benchRoutes(server, seeded, target.label);
  } finally {
    await server?.stop();
    await prepared.cleanUp();
  }
}

/** Fails loudly if the seeded sessions or chats are not what the server sees. */
async function checkSeed(url: string, seeded: Seeded) {
  const me = await fetch(`${url}/api/me`, { headers: { Cookie: seeded.cookies[0]! } });
  if (me.status !== 200) throw new Error(`a seeded session is not accepted (GET /api/me → ${me.status})`);
  const chats = await fetch(`${url}/api/chats`, { headers: { Cookie: seeded.chatsCookie } });
  const body = (await chats.json()) as { chats?: unknown[] };
  if (body.chats?.length !== CHATS)
    throw new Error(`expected ${CHATS} saved chats, got ${body.chats?.length}`);
}

/** A route under load: `amount` set means one burst of that many requests, else SECONDS at CONNECTIONS. */
interface RouteLoad {
  route: string;
  goal: string;
  options: autocannon.Options;
  amount?: number;
  /** For a burst: how many at once (else as many as CONNECTIONS allows). */
  connections?: number;
}

function routeLoads(url: string, seeded: Seeded): RouteLoad[] {
  const origin = url;
  const cookie = rotate(seeded.cookies);
  const email = rotate(seeded.signInEmails);
  const goal = `p95 ≤ ${GOAL_P95_MS} ms`;
  const signIn: autocannon.Options = {
    url,
    requests: [
      {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        headers: { 'Content-Type': 'application/json', Origin: origin },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ email: email(), password: PASSWORD }),
        }),
      },
    ],
  };
  return [
    {
      // Sign-in is limited per network in the database and the bench is one network: a burst
      // of what the limit allows, each with its own account, all at once...
      route: 'POST /api/auth/sign-in/email',
      goal,
      amount: AUTH_RATE_LIMITS.signInPerIp.limit - SIGN_INS_ONE_AT_A_TIME,
      options: signIn,
    },
    {
      // ...and the rest one after another: what one person waits for, without a queue.
      route: 'POST /api/auth/sign-in/email (one at a time)',
      goal: '(the hash floor)',
      amount: SIGN_INS_ONE_AT_A_TIME,
      connections: 1,
      options: signIn,
    },
    {
      route: 'GET /api/me',
      goal,
      options: {
        url,
        requests: [
          { method: 'GET', path: '/api/me', setupRequest: (r) => ({ ...r, headers: { Cookie: cookie() } }) },
        ],
      },
    },
    {
      route: `GET /api/chats (${CHATS} chats)`,
      goal,
      options: {
        url,
        // As a browser asks: it accepts gzip.
        requests: [
          {
            method: 'GET',
            path: '/api/chats',
            headers: { Cookie: seeded.chatsCookie, 'Accept-Encoding': 'gzip, deflate, br' },
          },
        ],
      },
    },
    {
      route: 'POST /api/assistant/ask (instant model)',
      goal: '(calls a model)',
      options: {
        url,
        requests: [
          {
            method: 'POST',
            path: '/api/assistant/ask',
            body: JSON.stringify({ question: '¿Cómo renuevo mi green card?' }),
            setupRequest: (r) => ({
              ...r,
              headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie() },
            }),
          },
        ],
      },
    },
  ];
}

async function benchRoutes(server: RunningServer, seeded: Seeded, database: string): Promise<Row[]> {
  const rows: Row[] = [];
  const only = process.env.BENCH_ROUTE;
  /** Drives the route and notes the server's CPU time per request, less swayed by other work on the machine than latency. */
  const measured = async (options: autocannon.Options) => {
    const cpuBefore = server.cpuMs();
    const figures = await drive(options);
    return { ...figures, cpuPerRequest: (server.cpuMs() - cpuBefore) / figures.requests };
  };
  for (const { route, goal, options, amount, connections: burst } of routeLoads(server.url, seeded)) {
    if (only && !route.includes(only)) continue;
    if (amount) {
      const connections = burst ?? Math.min(CONNECTIONS, amount);
      const figures = await measured({ ...options, connections, amount });
      rows.push({ route, database, goal, load: `${connections} conn, ${amount} req`, ...figures });
      continue;
    }
    await drive({ ...options, connections: CONNECTIONS, duration: WARM_UP_SECONDS });
    const figures = await measured({ ...options, connections: CONNECTIONS, duration: SECONDS });
    rows.push({ route, database, goal, load: `${CONNECTIONS} conn, ${SECONDS} s`, ...figures });
  }
  return rows;
}

function print(rows: Row[]) {
  console.log(`load average ${loadAverage()} at the end`);
  const ms = (v: number) => (Number.isFinite(v) ? Math.round(v) : '–');
  console.table(
    rows.map((r) => ({
      route: r.route,
      database: r.database,
      load: r.load,
      'req/s': Math.round(r.perSecond),
      'p50 ms': ms(r.p50),
      'p95 ms': ms(r.p95),
      'p99 ms': ms(r.p99),
      'server CPU ms/req': Number.isFinite(r.cpuPerRequest) ? r.cpuPerRequest.toFixed(1) : '–',
      requests: r.requests,
      'non-2xx': r.non2xx,
      errors: r.errors,
      goal: r.goal.startsWith('p95')
        ? `${r.goal}: ${r.database === 'PostgreSQL' ? (r.p95 <= GOAL_P95_MS ? 'met' : 'MISSED') : 'n/a (embedded)'}`
        : r.goal,
    })),
  );
  const { limit, windowMs } = AUTH_RATE_LIMITS.signInPerIp;
  const single = rows.find((r) => r.route.includes('one at a time'));
  const burst = limit - SIGN_INS_ONE_AT_A_TIME;
  console.log(
    `Sign-in is bounded per network (${limit} per ${windowMs / 60_000} min) and the bench is one network: ` +
      `${burst} sign-ins in one burst and ${SIGN_INS_ONE_AT_A_TIME} one at a time, each with its own account, ` +
      'never past the limit. Each checks a scrypt password hash, slow on purpose against stolen-hash guessing' +
      (single && Number.isFinite(single.cpuPerRequest)
        ? ` (${single.cpuPerRequest.toFixed(0)} ms of server CPU each): a burst of ${burst} on ` +
          `${os.cpus().length} cores cannot end sooner than ${burst} × ${single.cpuPerRequest.toFixed(0)} / ` +
          `${os.cpus().length} ≈ ${((burst * single.cpuPerRequest) / os.cpus().length / 1000).toFixed(1)} s.`
        : '.'),
  );
}

const loadAverage = () => os.loadavg()[0]!.toFixed(1);

export async function benchLoad(): Promise<void> {
  console.log(
    `\nAPI under load (autocannon; server in its own process, NODE_ENV=production; ${os.cpus().length} cores, ` +
      `load average ${loadAverage()} at start; over PostgreSQL the server runs with WORKERS=${POSTGRES_WORKERS}, ` +
      'as README’s deployment says; PGlite serves one process)',
  );
  const model = await startInstantModel();
  const rows: Row[] = [];
  try {
    const only = process.env.BENCH_DATABASE?.toLowerCase();
    if (!only || only === 'pglite') rows.push(...(await benchTarget(pgliteTarget, model.url)));
    if (only && only !== 'postgres') return print(rows);
    if (await isPostgresReachable()) rows.push(...(await benchTarget(postgresTarget, model.url)));
    else console.log(`PostgreSQL: skipped, no server answers at ${new URL(TEST_POSTGRES_URL).host}`);
  } finally {
    model.close();
  }
  print(rows);
}
