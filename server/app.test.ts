import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createApp } from './app';
import { openDatabase } from './db/client';
import { UNAVAILABLE_MESSAGE } from './lib/errors';
import { TestClient } from './test/client';
import type { Auth } from './features/auth/auth';
import { createLogger } from './lib/logger';
import { createTestApp, createTestConfig, providersFor, TEST_SECRET, type TestApp } from './test/helpers';

describe('API', () => {
  let t: TestApp;
  const secrets = {
    OPENAI_API_KEY: 'sk-test-openai-secret-value-123456',
    ELEVENLABS_API_KEY: 'el-secret-value-987654',
    STRIPE_SECRET_KEY: 'sk_test_stripe_secret_value',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
    STRIPE_PRICE_ID: 'price_123',
    OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
  };
  beforeAll(async () => {
    t = await createTestApp({ env: secrets });
  });
  afterAll(async () => t.close());

  it('GET /api/health names the database driver and the configured providers, no secrets', async () => {
    const response = await t.app.request('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      status: 'ok',
      database: { driver: 'pglite', status: 'ok' },
      providers: {
        ai: 'openai',
        speech: 'elevenlabs',
        transcription: 'openai',
        sms: 'outbox',
        email: 'outbox',
        payments: 'stripe',
        storage: 'local',
      },
    });
    for (const value of Object.values(secrets)) expect(text).not.toContain(value);
    expect(text).not.toContain(t.config.AUTH_SECRET);
  });

  it('GET /api/health reports the offline providers when nothing is configured', async () => {
    const bare = await createTestApp();
    try {
      const body = await (await bare.app.request('/api/health')).json();
      expect(body.providers).toEqual({
        ai: 'offline-guide',
        speech: 'browser',
        transcription: 'browser',
        sms: 'outbox',
        email: 'outbox',
        payments: 'sandbox',
        storage: 'local',
      });
    } finally {
      await bare.close();
    }
  });

  it('GET /api/health answers 503 when the database does not answer', async () => {
    const config = createTestConfig();
    const app = createApp({
      config,
      ...providersFor(config),
      logger: createLogger(config),
      auth: { options: { trustedOrigins: [] } } as unknown as Auth,
      database: { db: t.database.db, driver: 'postgres', ping: () => Promise.reject(new Error('down')) },
    });
    const response = await app.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      status: 'degraded',
      database: { driver: 'postgres', status: 'unavailable' },
    });
  });

  it.each(['/api/nope', '/api/chats/123/whatever', '/api'])(
    'unknown API path %s answers 404 JSON in Spanish',
    async (url) => {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const response = await t.app.request(url, { method });
        expect(response.status).toBe(404);
        expect(response.headers.get('content-type')).toMatch(/application\/json/);
        expect(await response.json()).toEqual({
          error: { code: 'not_found', message: 'No encontramos lo que buscas.' },
        });
      }
    },
  );

  it('sets the security headers on every response', async () => {
    const response = await t.app.request('/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('refuses a body over 1 MB with a Spanish 413 before any route reads it', async () => {
    const response = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: t.config.publicUrl },
      body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: 'payload_too_large', message: 'La solicitud es demasiado grande.' },
    });
  });

  it('mounts better-auth under /api/auth: no session reads as null', async () => {
    const response = await t.app.request('/api/auth/get-session');
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });

  it('creates the profile with DEFAULT_PLAN when an account is created', async () => {
    const free = await createTestApp({ env: { DEFAULT_PLAN: 'FREE' } });
    try {
      const response = await free.app.request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: free.config.publicUrl },
        body: JSON.stringify({ email: 'rosa@example.com', password: 'secreto123', name: 'Rosa' }),
      });
      expect(response.status).toBe(200);
      const rows = await free.database.db.query.profiles.findMany();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: 'rosa@example.com', plan: 'FREE' });
    } finally {
      await free.close();
    }
  });
});

describe('personal answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('are never stored by a browser or proxy, and never show the session token to scripts', async () => {
    const client = new TestClient(t);
    const signUp = await client.signUp('ana@example.com');
    expect(signUp.status).toBe(200);
    expect(JSON.stringify(signUp.body)).not.toMatch(/"token"/);
    expect(client.signedIn).toBe(true);
    const signIn = await new TestClient(t).json('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'ana@example.com', password: 'secreto-123' },
    });
    expect(signIn.status).toBe(200);
    expect(JSON.stringify(signIn.body)).not.toMatch(/"token"/);
    for (const route of [
      '/api/me',
      '/api/billing/membership',
      '/api/auth/get-session',
      '/api/auth/list-sessions',
    ]) {
      const { status, body, response } = await client.json(route);
      expect(status, route).toBe(200);
      expect(response.headers.get('Cache-Control'), route).toBe('no-store');
      expect(JSON.stringify(body), route).not.toMatch(/"token"/);
    }
    const session = await client.json<{ session: { userId: string }; user: { email: string } }>(
      '/api/auth/get-session',
    );
    expect(session.body.user.email).toBe('ana@example.com');
    // A public figure may be cached a little, as its route says.
    expect((await client.request('/api/stats/helped')).headers.get('Cache-Control')).toBe(
      'public, max-age=30',
    );
  });
});

describe('a database out of reach', () => {
  it("answers 503 with Retry-After, in Spanish, on our routes and on better-auth's", async () => {
    const config = createTestConfig();
    const database = await openDatabase({ driver: 'postgres', url: 'postgres://postgres@127.0.0.1:1/nada' });
    try {
      const { app } = buildApp({ config, database, logger: createLogger(config), authSecret: TEST_SECRET });
      const client = new TestClient({ app, config });
      for (const [route, init] of [
        ['/api/stats/helped', {}],
        ['/api/blog', {}],
        [
          '/api/auth/sign-in/email',
          { method: 'POST', json: { email: 'a@example.com', password: 'secreto-123' } },
        ],
      ] as const) {
        const { status, body, response } = await client.json(route, init);
        expect(status, route).toBe(503);
        expect(body.error, route).toEqual({ code: 'unavailable', message: UNAVAILABLE_MESSAGE });
        expect(response.headers.get('Retry-After'), route).toBe('30');
      }
    } finally {
      await database.close();
    }
  });
});

describe('errors', () => {
  const config = createTestConfig({
    NODE_ENV: 'production',
    PAYMENTS: 'sandbox',
    PUBLIC_URL: 'https://ayuda.example.org',
  });
  const throwingAuth = {
    options: { trustedOrigins: [] },
    handler: () => {
      throw new Error('database password is hunter2 at /srv/app/server/x.ts:12');
    },
  } as unknown as Auth;

  it('turns an unexpected failure into a Spanish JSON 500 without the stack or the detail', async () => {
    const lines: string[] = [];
    const logger = createLogger({ NODE_ENV: 'production', LOG_LEVEL: 'error' });
    const app = createApp({
      config,
      ...providersFor(config),
      logger: Object.assign(Object.create(logger), {
        error: (...args: unknown[]) => lines.push(JSON.stringify(args)),
      }),
      auth: throwingAuth,
      database: { db: {} as never, driver: 'pglite', ping: async () => undefined },
    });
    const response = await app.request('/api/auth/sign-in/email', { method: 'POST' });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal', message: 'Ocurrió un error inesperado. Por favor, inténtalo de nuevo.' },
    });
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('x.ts');
    // The operator still gets the detail in the log.
    expect(lines.join('\n')).toContain('unhandled error');
  });
});

describe('SPA', () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><title>spa-shell</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log("app")');
    fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it.each(['/', '/landing', '/chat', '/blog/some-post', '/no/such/page'])(
    'serves index.html at %s',
    async (url) => {
      const response = await t.app.request(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('spa-shell');
    },
  );

  it('serves hashed assets with a long cache and files from the build folder', async () => {
    const asset = await t.app.request('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toContain('console.log');
    const icon = await t.app.request('/favicon.svg');
    expect(icon.headers.get('content-type')).toMatch(/image\/svg\+xml/);
  });

  it('answers a missing asset with 404, not the SPA, so an old chunk fails loudly', async () => {
    const response = await t.app.request('/assets/gone-123.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBeNull();
  });

  it('never answers an API path with the SPA', async () => {
    const response = await t.app.request('/api/missing');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('does not serve files outside the build folder', async () => {
    const response = await t.app.request('/../package.json');
    expect(await response.text()).not.toContain('"dependencies"');
  });
});
