import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_PHRASE } from '../../common/account';
import * as schema from '../db/schema/index';
import type { SpeechProvider, TranscriptionProvider } from '../providers/speech/index';
import { TestClient } from '../test/client';
import { createTestApp, type TestApp } from '../test/helpers';

// Issue 9, access control: every /api route, walked as a visitor, as user A and
// as user B aiming at A's things, and from another site. The tables below are
// the list of routes; the first two tests fail when the app gains a route that
// is not in them, so the matrix cannot fall behind the app.

/** Who may use a route. */
type Access =
  /** Anyone, signed in or not. */
  | 'public'
  /** A session: 401 without one. */
  | 'user'
  /** A session or a guest cookie (paid speech routes): 401 with neither. */
  | 'visitor'
  /** A link signed by the server: 403 without a valid signature. */
  | 'signed-link'
  /** Refused (4xx) to everyone: closed on purpose, or a feature that is not enabled. */
  | 'closed'
  /** The better-auth mount: its endpoints are in AUTH_ROUTES. */
  | 'better-auth';

/** A's identifiers, so B and visitors aim at A's things. */
interface Owner {
  userId: string;
  email: string;
  accountId: string;
  sessionToken: string;
  chatIds: string[];
}

/** The caller's own credentials (B's, or a stranger's for visitors). */
interface Self {
  email: string;
  password: string;
}

interface Outgoing {
  path: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

interface RouteCase {
  access: Access;
  /** A realistic request; `a` is A, `me` the caller. */
  send?: (a: Owner, me: Self) => Outgoing;
  /** The request addresses one of A's things: B must get one of these statuses. */
  refusesB?: number[];
  /** The exact answer visitors and B get. */
  statuses?: number[];
  /** Deletes the caller's account: B runs it last. */
  last?: boolean;
}

const PASSWORD = 'secreto-123';
const STRANGER: Self = { email: 'nadie@example.com', password: 'otra-clave-9' };
const audio = () => {
  const form = new FormData();
  form.set(
    'audio',
    new File([new Uint8Array([26, 69, 223, 163, 1, 2, 3])], 'voz.webm', { type: 'audio/webm' }),
  );
  return form;
};
const letter = () => {
  const form = new FormData();
  form.set(
    'file',
    new File(['Estimado señor: su cita es el 5 de mayo.'], 'carta.txt', { type: 'text/plain' }),
  );
  return form;
};

/** Every route the app mounts, by Hono's method and pattern. */
const APP_ROUTES: Record<string, RouteCase> = {
  'GET /api/health': { access: 'public', send: () => ({ path: '/api/health' }) },
  'POST /api/phone-code': {
    access: 'public',
    send: () => ({ path: '/api/phone-code', json: { phone: '5555550199', mode: 'login' } }),
  },
  'GET /api/auth/*': { access: 'better-auth' },
  'POST /api/auth/*': { access: 'better-auth' },
  'GET /api/me': { access: 'user', send: () => ({ path: '/api/me' }) },
  'PATCH /api/me': {
    access: 'user',
    // Taking A's address must not work.
    send: (a) => ({ path: '/api/me', json: { email: a.email, lastName: 'Cambiado' } }),
  },
  'POST /api/me/email-code': {
    access: 'user',
    send: () => ({ path: '/api/me/email-code' }),
  },
  'POST /api/me/password': {
    access: 'user',
    send: (_a, me) => ({
      path: '/api/me/password',
      json: { currentPassword: me.password, newPassword: me.password },
    }),
  },
  'DELETE /api/me': {
    access: 'user',
    last: true,
    send: () => ({ path: '/api/me', json: { confirmation: DELETION_PHRASE } }),
  },
  'GET /api/me/export': { access: 'user', send: () => ({ path: '/api/me/export' }) },
  'GET /api/assistant/status': { access: 'public', send: () => ({ path: '/api/assistant/status' }) },
  'POST /api/assistant/ask': {
    access: 'public',
    send: () => ({
      path: '/api/assistant/ask',
      json: { question: '¿Qué es el formulario I-130?' },
      headers: { Accept: 'application/json' },
    }),
  },
  'POST /api/assistant/clear': { access: 'public', send: () => ({ path: '/api/assistant/clear' }) },
  'POST /api/assistant/speech': {
    access: 'visitor',
    send: () => ({ path: '/api/assistant/speech', json: { text: 'Hola' } }),
  },
  'POST /api/assistant/transcribe': {
    access: 'visitor',
    send: () => ({ path: '/api/assistant/transcribe', body: audio() }),
  },
  'GET /api/forms': { access: 'public', send: () => ({ path: '/api/forms' }) },
  'POST /api/forms/:id/download': {
    access: 'user',
    send: () => ({ path: `/api/forms/${randomUUID()}/download` }),
  },
  'GET /api/billing/offer': { access: 'public', send: () => ({ path: '/api/billing/offer' }) },
  'POST /api/billing/subscribe': {
    access: 'public',
    // A's address: refused as taken, nothing of A's changes.
    send: (a) => ({
      path: '/api/billing/subscribe',
      json: {
        firstName: 'Otra',
        lastName: 'Persona',
        email: a.email,
        password: PASSWORD,
        cardNumber: '4242424242424242',
        expirationDate: '2030-12',
        cvv: '123',
      },
    }),
  },
  'GET /api/billing/membership': { access: 'user', send: () => ({ path: '/api/billing/membership' }) },
  'POST /api/billing/cancel': {
    access: 'user',
    refusesB: [404],
    send: () => ({ path: '/api/billing/cancel' }),
  },
  'POST /api/billing/checkout': {
    access: 'user',
    refusesB: [404],
    send: () => ({ path: '/api/billing/checkout' }),
  },
  // Stripe's webhook, verified by signature; closed with the sandbox provider.
  'POST /api/billing/webhook': {
    access: 'closed',
    statuses: [404],
    send: () => ({ path: '/api/billing/webhook', json: { type: 'customer.subscription.deleted' } }),
  },
  'GET /api/stats/helped': { access: 'public', send: () => ({ path: '/api/stats/helped' }) },
  'GET /api/blog': { access: 'public', send: () => ({ path: '/api/blog' }) },
  'GET /api/blog/featured': { access: 'public', send: () => ({ path: '/api/blog/featured' }) },
  'GET /api/blog/:slug': { access: 'public', send: () => ({ path: '/api/blog/no-existe' }) },
  'POST /api/feedback/survey': {
    access: 'user',
    send: () => ({ path: '/api/feedback/survey', json: { ratings: { expectations_met: 4 } } }),
  },
  'POST /api/feedback/contact': {
    access: 'public',
    send: () => ({
      path: '/api/feedback/contact',
      json: {
        first_name: 'Otra',
        last_name: 'Persona',
        email: 'otra@example.com',
        message: 'Un mensaje largo.',
      },
    }),
  },
  'POST /api/help-chat': {
    access: 'public',
    send: () => ({ path: '/api/help-chat', json: { message: '¿Cómo creo mi cuenta?' } }),
  },
  'POST /api/documents/process': {
    access: 'user',
    send: () => ({ path: '/api/documents/process', body: letter() }),
  },
  'GET /api/files/*': {
    access: 'signed-link',
    send: () => ({ path: '/api/files/forms/i-130.pdf?expires=9999999999&filename=x.pdf&signature=00' }),
  },
  'GET /api/chats': { access: 'user', send: () => ({ path: '/api/chats' }) },
  'POST /api/chats': {
    access: 'user',
    send: () => ({ path: '/api/chats', json: { question: 'Mi pregunta', answer: 'Mi respuesta' } }),
  },
  'PATCH /api/chats/:id': {
    access: 'user',
    refusesB: [404],
    send: (a) => ({ path: `/api/chats/${a.chatIds[0]}`, json: { is_favorite: false } }),
  },
  'DELETE /api/chats/:id': {
    access: 'user',
    refusesB: [404],
    send: (a) => ({ path: `/api/chats/${a.chatIds[1]}` }),
  },
  'POST /api/chats/:id/reopen': {
    access: 'user',
    refusesB: [404],
    send: (a) => ({ path: `/api/chats/${a.chatIds[0]}/reopen` }),
  },
};

/** Every endpoint better-auth serves under /api/auth, as its `auth.api` lists them. */
const AUTH_ROUTES: Record<string, RouteCase> = {
  // No social (OAuth) provider is configured: its endpoints refuse everyone.
  'POST /api/auth/sign-in/social': {
    access: 'closed',
    send: () => ({ path: '/api/auth/sign-in/social', json: { provider: 'google', callbackURL: '/' } }),
  },
  'GET /api/auth/callback/:id': { access: 'public', send: () => ({ path: '/api/auth/callback/google' }) },
  'POST /api/auth/callback/:id': {
    access: 'public',
    send: () => ({ path: '/api/auth/callback/google', json: {} }),
  },
  'GET /api/auth/get-session': { access: 'public', send: () => ({ path: '/api/auth/get-session' }) },
  'POST /api/auth/get-session': {
    access: 'public',
    send: () => ({ path: '/api/auth/get-session', json: {} }),
  },
  'POST /api/auth/sign-out': { access: 'public', send: () => ({ path: '/api/auth/sign-out', json: {} }) },
  'POST /api/auth/sign-up/email': {
    access: 'public',
    send: (a) => ({
      path: '/api/auth/sign-up/email',
      json: { email: a.email, password: PASSWORD, name: 'Otra' },
    }),
  },
  'POST /api/auth/sign-in/email': {
    access: 'public',
    send: (a) => ({ path: '/api/auth/sign-in/email', json: { email: a.email, password: 'no-es-la-clave' } }),
  },
  'POST /api/auth/reset-password': {
    access: 'public',
    send: () => ({
      path: '/api/auth/reset-password',
      json: { newPassword: 'nueva-clave-1', token: 'falso' },
    }),
  },
  'POST /api/auth/verify-password': {
    access: 'user',
    send: (_a, me) => ({ path: '/api/auth/verify-password', json: { password: me.password } }),
  },
  'GET /api/auth/verify-email': {
    access: 'public',
    send: () => ({ path: '/api/auth/verify-email?token=falso' }),
  },
  'POST /api/auth/send-verification-email': {
    access: 'public',
    send: (_a, me) => ({ path: '/api/auth/send-verification-email', json: { email: me.email } }),
  },
  // The sign-in address changes only through PATCH /api/me, which asks for proof it is the person.
  'POST /api/auth/change-email': {
    access: 'closed',
    statuses: [404],
    send: (a) => ({ path: '/api/auth/change-email', json: { newEmail: a.email } }),
  },
  'POST /api/auth/change-password': {
    access: 'user',
    send: (_a, me) => ({
      path: '/api/auth/change-password',
      json: { currentPassword: me.password, newPassword: me.password },
    }),
  },
  'POST /api/auth/update-session': {
    access: 'user',
    send: () => ({ path: '/api/auth/update-session', json: {} }),
  },
  'POST /api/auth/update-user': {
    access: 'user',
    send: () => ({ path: '/api/auth/update-user', json: { name: 'Otro nombre' } }),
  },
  // Not enabled: accounts are deleted through DELETE /api/me, which ends billing first.
  'POST /api/auth/delete-user': {
    access: 'closed',
    send: (_a, me) => ({ path: '/api/auth/delete-user', json: { password: me.password } }),
  },
  'GET /api/auth/delete-user/callback': {
    access: 'closed',
    send: () => ({ path: '/api/auth/delete-user/callback?token=falso' }),
  },
  'POST /api/auth/request-password-reset': {
    access: 'public',
    send: (_a, me) => ({
      path: '/api/auth/request-password-reset',
      json: { email: me.email, redirectTo: '/reset-password' },
    }),
  },
  'GET /api/auth/reset-password/:token': {
    access: 'public',
    send: () => ({ path: '/api/auth/reset-password/falso?callbackURL=/reset-password' }),
  },
  'GET /api/auth/list-sessions': { access: 'user', send: () => ({ path: '/api/auth/list-sessions' }) },
  'POST /api/auth/revoke-session': {
    access: 'user',
    send: (a) => ({ path: '/api/auth/revoke-session', json: { token: a.sessionToken } }),
  },
  'POST /api/auth/revoke-sessions': {
    access: 'user',
    send: () => ({ path: '/api/auth/revoke-sessions', json: {} }),
  },
  'POST /api/auth/revoke-other-sessions': {
    access: 'user',
    send: () => ({ path: '/api/auth/revoke-other-sessions', json: {} }),
  },
  'POST /api/auth/link-social': {
    access: 'user',
    send: () => ({ path: '/api/auth/link-social', json: { provider: 'google' } }),
  },
  'GET /api/auth/list-accounts': { access: 'user', send: () => ({ path: '/api/auth/list-accounts' }) },
  'POST /api/auth/unlink-account': {
    access: 'user',
    refusesB: [400, 403, 404],
    send: (a) => ({
      path: '/api/auth/unlink-account',
      json: { providerId: 'credential', accountId: a.accountId },
    }),
  },
  'POST /api/auth/refresh-token': {
    access: 'closed',
    send: (a) => ({
      path: '/api/auth/refresh-token',
      json: { providerId: 'credential', accountId: a.accountId },
    }),
  },
  'POST /api/auth/get-access-token': {
    access: 'closed',
    send: (a) => ({
      path: '/api/auth/get-access-token',
      json: { providerId: 'credential', accountId: a.accountId, userId: a.userId },
    }),
  },
  'GET /api/auth/account-info': {
    access: 'user',
    refusesB: [400, 403, 404],
    send: (a) => ({ path: `/api/auth/account-info?accountId=${a.accountId}` }),
  },
  'POST /api/auth/sign-in/phone-number': {
    access: 'public',
    send: () => ({
      path: '/api/auth/sign-in/phone-number',
      json: { phoneNumber: '+15555550199', password: 'no-es-la-clave' },
    }),
  },
  // Codes go out only through POST /api/phone-code, where the SMS limits apply.
  'POST /api/auth/phone-number/send-otp': {
    access: 'closed',
    statuses: [404],
    send: () => ({ path: '/api/auth/phone-number/send-otp', json: { phoneNumber: '+15555550199' } }),
  },
  'POST /api/auth/phone-number/verify': {
    access: 'public',
    send: () => ({
      path: '/api/auth/phone-number/verify',
      json: { phoneNumber: '+15555550199', code: '000000' },
    }),
  },
  'POST /api/auth/phone-number/request-password-reset': {
    access: 'closed',
    statuses: [404],
    send: () => ({
      path: '/api/auth/phone-number/request-password-reset',
      json: { phoneNumber: '+15555550199' },
    }),
  },
  'POST /api/auth/phone-number/reset-password': {
    access: 'public',
    send: () => ({
      path: '/api/auth/phone-number/reset-password',
      json: { phoneNumber: '+15555550199', otp: '000000', newPassword: 'nueva-clave-1' },
    }),
  },
  'GET /api/auth/ok': { access: 'public', send: () => ({ path: '/api/auth/ok' }) },
  'GET /api/auth/error': { access: 'public', send: () => ({ path: '/api/auth/error' }) },
};

const ALL_ROUTES = Object.entries({ ...APP_ROUTES, ...AUTH_ROUTES })
  .filter(([, route]) => route.access !== 'better-auth')
  .map(([key, route]) => {
    const [method = '', pattern = ''] = key.split(' ');
    return { key, method, pattern, ...route, send: route.send! };
  });
const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

/** Spanish for a person: no English error words, no stack frames, no file paths. */
function expectSpanishMessage(message: unknown, where: string) {
  expect(typeof message, `${where}: message`).toBe('string');
  const text = String(message);
  expect(text.trim().length, `${where}: empty message`).toBeGreaterThan(0);
  expect(text, `${where}: English or internals`).not.toMatch(
    /\b(error:|undefined|null|TypeError|SyntaxError|invalid|unauthorized|forbidden|not found|internal server|failed|required|expected|missing)\b|\bat \S+ \(|\/(work|home|src|server|node_modules)\/|\.[cm]?[jt]s:\d+/i,
  );
  expect(text, `${where}: not Spanish`).toMatch(
    /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|no|por|para|tu|es|un|una|que|con|en|debes|solicitud)\b/i,
  );
}

interface Answer {
  status: number;
  /** Body and headers as one text, for leak checks. */
  text: string;
  message: unknown;
}

async function call(client: TestClient, method: string, out: Outgoing, extra: Record<string, string> = {}) {
  const response = await client.request(out.path, {
    method,
    json: out.json,
    body: out.body,
    headers: { ...out.headers, ...extra },
  });
  const body = await response.text();
  let message: unknown;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown }; message?: unknown } | null;
    message = parsed?.error?.message ?? parsed?.message;
  } catch {
    message = undefined;
  }
  const headers = [...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n');
  return { status: response.status, text: `${headers}\n${body}`, message } satisfies Answer;
}

let t: TestApp;
let a: TestClient;
let b: TestClient;
let owner: Owner;
/** Strings only A's answers may contain. */
let secrets: string[];
const B_SELF: Self = { email: 'berta@example.com', password: PASSWORD };

const speech: SpeechProvider = {
  name: 'elevenlabs',
  synthesize: async () => new Response(new Uint8Array([73, 68, 51])).body!,
};
const transcription: TranscriptionProvider = { name: 'openai', transcribe: async () => 'texto dictado' };

beforeAll(async () => {
  t = await createTestApp({ speech, transcription });
  a = new TestClient(t, '203.0.113.1');
  b = new TestClient(t, '203.0.113.2');

  // A: an account with a trial subscription, a profile, saved chats, a
  // conversation context and a survey answer, each with text of its own.
  const subscribed = await a.json('/api/billing/subscribe', {
    method: 'POST',
    json: {
      firstName: 'Amaltea',
      lastName: 'Zubizarreta-Quimby',
      email: 'amaltea.privada@example.com',
      password: PASSWORD,
      cardNumber: '4242424242424242',
      expirationDate: '2030-12',
      cvv: '123',
    },
  });
  expect(subscribed.status).toBe(200);
  expect((await a.json('/api/me', { method: 'PATCH', json: { phoneNumber: '5555550142' } })).status).toBe(
    200,
  );
  const chatIds: string[] = [];
  for (const n of ['uno', 'dos']) {
    const saved = await a.json<{ chat: { id: string } }>('/api/chats', {
      method: 'POST',
      json: { question: `Pregunta privada de Amaltea ${n}`, answer: `Respuesta privada para Amaltea ${n}` },
    });
    expect(saved.status).toBe(201);
    chatIds.push(saved.body.chat.id);
  }
  await a.json(`/api/chats/${chatIds[0]}`, { method: 'PATCH', json: { is_favorite: true } });
  const asked = await a.json('/api/assistant/ask', {
    method: 'POST',
    json: { question: 'Contexto secreto de Amaltea sobre su asilo' },
    headers: { Accept: 'application/json' },
  });
  expect(asked.status).toBe(200);
  const survey = await a.json('/api/feedback/survey', {
    method: 'POST',
    json: { ratings: { expectations_met: 5 }, additional_comments: 'Comentario secreto de Amaltea' },
  });
  expect(survey.status).toBe(201);

  const [aUser] = await t.database.db
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(eq(schema.user.email, 'amaltea.privada@example.com'));
  const userId = aUser!.id;
  const [aAccount] = await t.database.db
    .select({ id: schema.account.id })
    .from(schema.account)
    .where(eq(schema.account.userId, userId));
  const [aSession] = await t.database.db
    .select({ token: schema.session.token })
    .from(schema.session)
    .where(eq(schema.session.userId, userId));
  const [aSubscription] = await t.database.db
    .select({ id: schema.subscriptions.id, customer: schema.subscriptions.providerCustomerId })
    .from(schema.subscriptions)
    .where(eq(schema.subscriptions.userId, userId));
  owner = {
    userId,
    email: 'amaltea.privada@example.com',
    accountId: aAccount!.id,
    sessionToken: aSession!.token,
    chatIds,
  };
  secrets = [
    owner.userId,
    owner.email,
    owner.accountId,
    owner.sessionToken,
    ...chatIds,
    aSubscription!.id,
    ...(aSubscription!.customer ? [aSubscription!.customer] : []),
    'Amaltea',
    'Zubizarreta',
    '5555550142',
  ];
  // A's own answers hold these, so the leak checks below can fail. (Not the session token: it lives
  // in the httpOnly cookie and no answer shows it, not even to A.)
  const own = JSON.stringify(await viewOfA());
  expect(own).not.toContain(owner.sessionToken);
  for (const secret of [owner.email, owner.userId, ...chatIds, 'Zubizarreta', '5555550142'])
    expect(own).toContain(secret);

  // B: an ordinary account with a chat of its own.
  expect((await b.signUp(B_SELF.email, B_SELF.password, 'Berta')).status).toBe(200);
  expect(
    (await b.json('/api/chats', { method: 'POST', json: { question: 'De Berta', answer: 'Para Berta' } }))
      .status,
  ).toBe(201);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Every row of every table, as text: a change anywhere shows. */
async function databaseText(only?: string): Promise<Record<string, string[]>> {
  const db = t.database.db;
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const out: Record<string, string[]> = {};
  for (const { table_name } of tables.rows) {
    const rows = (await db.execute(
      sql.raw(`select row_to_json(x)::text as row from "${table_name}" x order by 1`),
    )) as unknown as { rows: Array<{ row: string }> };
    out[table_name] = rows.rows.map((r) => r.row).filter((row) => !only || row.includes(only));
  }
  return out;
}

function outboxText(): string {
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return '';
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => `${name}\n${fs.readFileSync(path.join(dir, name), 'utf8')}`)
    .join('\n');
}

/** What A sees of their own things through the API. */
async function viewOfA() {
  const exported = await a.json<Record<string, unknown>>('/api/me/export');
  const { exportedAt: _exportedAt, ...data } = exported.body;
  return {
    me: (await a.json('/api/me')).body,
    chats: (await a.json('/api/chats')).body,
    membership: (await a.json('/api/billing/membership')).body,
    session: (await a.json('/api/auth/get-session')).body,
    data,
  };
}

function expectNoSecretOfA(answer: Answer, where: string) {
  for (const secret of secrets) expect(answer.text, `${where} shows A's ${secret}`).not.toContain(secret);
}

describe('the route tables', () => {
  it('list every route the app mounts', () => {
    const mounted = t.app.routes
      // Middleware (and the not-found catch-all) is mounted as ALL on a wildcard; a route is not.
      .filter((r) => !(r.method === 'ALL' && r.path.endsWith('/*')))
      .filter((r) => r.path.startsWith('/api'))
      .map((r) => `${r.method} ${r.path}`);
    expect(new Set(mounted).size).toBe(mounted.length);
    expect([...mounted].sort()).toEqual(Object.keys(APP_ROUTES).sort());
  });

  it('list every endpoint better-auth serves', () => {
    const endpoints = Object.values(
      t.auth.api as Record<string, { path?: string; options?: { method?: unknown } }>,
    )
      .filter((endpoint) => endpoint.path)
      .flatMap((endpoint) => {
        const methods = endpoint.options?.method;
        return (Array.isArray(methods) ? methods : [methods]).map(
          (m) => `${String(m)} /api/auth${endpoint.path}`,
        );
      });
    expect([...new Set(endpoints)].sort()).toEqual(Object.keys(AUTH_ROUTES).sort());
  });
});

describe('access matrix', () => {
  it('refuses every state-changing request from another site with 403, and changes nothing', async () => {
    const evil = [
      'https://evil.example',
      'null',
      `${t.config.publicUrl}.evil.example`,
      t.config.publicUrl.replace(/^http:/, 'https:'),
    ];
    const writes = ALL_ROUTES.filter((route) => isWrite(route.method));
    expect(writes.length).toBeGreaterThan(40);
    const before = { db: await databaseText(), outbox: outboxText() };
    const visitor = new TestClient(t, '203.0.113.3');
    let n = 0;
    for (const route of writes) {
      for (const client of [a, visitor]) {
        const origin = evil[n++ % evil.length]!;
        const answer = await call(client, route.method, route.send(owner, B_SELF), { Origin: origin });
        expect(answer.status, `${route.key} from ${origin}`).toBe(403);
        expectSpanishMessage(answer.message, `${route.key} from ${origin}`);
      }
    }
    // Origin stripped on the way (a proxy, an extension): the browser's Sec-Fetch-Site still tells.
    for (const route of writes) {
      const out = route.send(owner, STRANGER);
      const response = await t.app.request(out.path, {
        method: route.method,
        headers: { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/json' },
        body: out.body ?? JSON.stringify(out.json ?? {}),
      });
      expect(response.status, `${route.key} without Origin`).toBe(403);
    }
    // The same check holds however the path is spelled.
    for (const spelling of [
      '/api/me/',
      '/api//me',
      '/api/./me',
      '/%61pi/me',
      '/api/%6De',
      '/api/../api/me',
    ]) {
      const answer = await call(
        a,
        'PATCH',
        { path: spelling, json: { lastName: 'Cambiado' } },
        { Origin: evil[0]! },
      );
      expect(answer.status, spelling).toBeGreaterThanOrEqual(400);
    }
    for (const spelling of [
      '/api/chats/',
      `/api/chats/${owner.chatIds[0]}/`,
      `/%61pi/chats/${owner.chatIds[0]}`,
    ]) {
      const answer = await call(a, 'DELETE', { path: spelling }, { Origin: evil[0]! });
      expect(answer.status, spelling).toBeGreaterThanOrEqual(400);
    }
    expect(await databaseText()).toEqual(before.db);
    expect(outboxText()).toBe(before.outbox);
    expect(a.signedIn).toBe(true);
    expect((await a.json('/api/me')).status).toBe(200);
  });

  it('gives other sites no permission to read answers (no CORS)', async () => {
    for (const route of ALL_ROUTES.filter((r) => r.method === 'GET')) {
      const response = await a.request(route.send(owner, B_SELF).path, {
        headers: { Origin: 'https://evil.example' },
      });
      expect(response.headers.get('Access-Control-Allow-Origin'), route.key).toBeNull();
      expect(response.headers.get('Access-Control-Allow-Credentials'), route.key).toBeNull();
    }
  });

  it('answers visitors 401 in Spanish where a user is needed, and shows them nothing of A', async () => {
    const before = { db: await databaseText(owner.userId), view: await viewOfA() };
    for (const route of ALL_ROUTES) {
      // A fresh visitor each time: no guest cookie from an earlier answer.
      const visitor = new TestClient(t, '198.51.100.7');
      const answer = await call(visitor, route.method, route.send(owner, STRANGER));
      const where = `visitor ${route.key} → ${answer.status}`;
      expect(answer.status, where).toBeLessThan(500);
      if (route.access === 'user' || route.access === 'visitor') {
        expect(answer.status, where).toBe(401);
        expectSpanishMessage(answer.message, where);
      }
      if (route.access === 'closed') expect(answer.status, where).toBeGreaterThanOrEqual(400);
      if (route.statuses) expect(route.statuses, where).toContain(answer.status);
      if (route.access === 'signed-link') expect(answer.status, where).toBe(403);
      if (answer.status >= 400 && answer.message !== undefined) expectSpanishMessage(answer.message, where);
      expectNoSecretOfA(answer, where);
    }
    expect(await databaseText(owner.userId)).toEqual(before.db);
    expect(await viewOfA()).toEqual(before.view);
  });

  it("lets user B neither read nor change anything of A's", async () => {
    const before = { db: await databaseText(owner.userId), view: await viewOfA() };
    const order = [...ALL_ROUTES].sort((x, y) => Number(Boolean(x.last)) - Number(Boolean(y.last)));
    for (const route of order) {
      // Some routes end B's session (sign-out, revoking sessions): sign in again first.
      const session = await b.json('/api/auth/get-session');
      if (!session.body || !b.signedIn) {
        const again = await b.json('/api/auth/sign-in/email', { method: 'POST', json: B_SELF });
        expect(again.status, `B signs in again before ${route.key}`).toBe(200);
      }
      const answer = await call(b, route.method, route.send(owner, B_SELF));
      const where = `B ${route.key} → ${answer.status}`;
      expect(answer.status, where).toBeLessThan(500);
      if (route.access === 'user' || route.access === 'visitor')
        expect(answer.status, `${where}: B is signed in`).not.toBe(401);
      if (route.refusesB) expect(route.refusesB, where).toContain(answer.status);
      if (route.access === 'closed') expect(answer.status, where).toBeGreaterThanOrEqual(400);
      if (route.statuses) expect(route.statuses, where).toContain(answer.status);
      if (answer.status >= 400 && answer.message !== undefined) expectSpanishMessage(answer.message, where);
      expectNoSecretOfA(answer, where);
    }
    expect(await databaseText(owner.userId)).toEqual(before.db);
    expect(await viewOfA()).toEqual(before.view);
    // A's address is still A's alone, and B's account was really used (and deleted last).
    const holders = await t.database.db
      .select({ id: schema.user.id })
      .from(schema.user)
      .where(eq(schema.user.email, owner.email));
    expect(holders).toEqual([{ id: owner.userId }]);
    expect(await t.database.db.select().from(schema.user).where(eq(schema.user.email, B_SELF.email))).toEqual(
      [],
    );
  });
});
