import { createHash, createHmac, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { SPEECH_LIMIT_PER_HOUR, TRANSCRIBE_LIMIT_PER_HOUR } from '../features/assistant/assistant.routes';
import { AUTH_RATE_LIMITS } from '../features/auth/auth.routes';
import { RATE_LIMITED_MESSAGE } from '../lib/rate-limit';
import type { SpeechProvider, TranscriptionProvider } from '../providers/speech/index';
import { TestClient } from '../test/client';
import * as schema from '../db/schema/index';
import { createTestApp, TEST_SECRET, type TestApp } from '../test/helpers';
import { docx } from '../test/docx';

// Issue 9: every abuse limit answers 429 with a Spanish message and a
// Retry-After, through real requests to the real app, and lets the caller in
// again once its window is over. The counters live in the database; the
// clock is the app's, moved by the test.

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** Limits whose values live in routes that export no constant; kept equal to the code by these tests. */
const ASSISTANT_PER_HOUR = 30;
const DOCUMENTS_PER_HOUR = 20;
const HELP_CHAT_PER_HOUR = 60;
const CONTACT_PER_HOUR = 10;

// One app for the file: each test uses its own people and addresses, so
// moving the clock past one limit's window disturbs no other test.
let t: Promise<TestApp> | undefined;
let now = new Date('2026-03-02T15:00:00Z');
afterAll(async () => {
  await (await t)?.close();
});

const speech: SpeechProvider = {
  name: 'elevenlabs',
  synthesize: async () =>
    new ReadableStream({
      start(controller) {
        controller.enqueue(new Uint8Array([0xff, 0xfb, 0x90, 0x00]));
        controller.close();
      },
    }),
};
const transcription: TranscriptionProvider = {
  name: 'openai',
  transcribe: async () => '¿Cómo renuevo mi permiso de trabajo?',
};

function start(): Promise<TestApp> {
  t ??= createTestApp({ clock: () => now, speech, transcription });
  return t;
}

const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

/** A different network address for each call, so only the limit under test can fill. */
let nextHost = 1;
const freshIp = () => {
  nextHost += 1;
  return `198.51.${Math.floor(nextHost / 250) % 250}.${(nextHost % 250) + 1}`;
};

interface LimitCase {
  limit: number;
  windowMs: number;
  /** One request counted by the limit; `i` numbers the attempts. */
  attempt: (i: number) => Promise<Response>;
  /** What an attempt within the limit answers (one status, or any of several). */
  accepted: number | number[];
  /** Runs while the limit refuses, before the window ends. */
  whileRefused?: () => Promise<void>;
}

/**
 * Sends `limit` attempts that are let through, then shows the next one refused
 * with the Spanish message and Retry-After, still refused just before the
 * window ends, and let through once it is over.
 */
async function expectLimit({ limit, windowMs, attempt, accepted, whileRefused }: LimitCase) {
  const ok = Array.isArray(accepted) ? accepted : [accepted];
  for (let i = 0; i < limit; i++) {
    const response = await attempt(i);
    expect(ok, `attempt ${i + 1} of ${limit} answered ${response.status}`).toContain(response.status);
  }
  const refused = await attempt(limit);
  expect(refused.status).toBe(429);
  const body = (await refused.json()) as { error: { code: string; message: string } };
  expect(body.error).toEqual({ code: 'rate_limited', message: RATE_LIMITED_MESSAGE });
  const retryAfter = Number(refused.headers.get('Retry-After'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  await whileRefused?.();

  advance(windowMs - 1000);
  expect((await attempt(limit + 1)).status).toBe(429);
  advance(1000);
  expect(ok).toContain((await attempt(limit + 2)).status);
}

async function signedInClient(app: TestApp, email = `persona-${randomUUID()}@example.com`) {
  const client = new TestClient(app, freshIp());
  const { status } = await client.signUp(email);
  expect(status).toBe(200);
  return client;
}

// Each sign-in hashes a password (scrypt): on two busy cores these take longer than the default.
describe('sign-in limits', { timeout: 120_000 }, () => {
  const signIn = (client: TestClient, email: string, password = 'adivinanza') =>
    client.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });

  it('per account: guesses from many networks lock that account only, until the window ends', async () => {
    const app = await start();
    await signedInClient(app, 'ana@example.com');
    await signedInClient(app, 'luis@example.com');
    const { limit, windowMs } = AUTH_RATE_LIMITS.signInPerAccount;
    expect(limit).toBeLessThanOrEqual(10);
    await expectLimit({
      limit,
      windowMs,
      accepted: 401,
      // Each guess from a new address, so a per-network limit alone would never stop it;
      // the address's case does not make it another account.
      attempt: (i) => signIn(new TestClient(app, freshIp()), i % 2 ? 'ANA@Example.com' : 'ana@example.com'),
      whileRefused: async () => {
        expect((await signIn(new TestClient(app, freshIp()), 'ana@example.com', 'secreto-123')).status).toBe(
          429,
        );
        expect((await signIn(new TestClient(app, freshIp()), 'luis@example.com', 'secreto-123')).status).toBe(
          200,
        );
      },
    });
    expect((await signIn(new TestClient(app, freshIp()), 'ana@example.com', 'secreto-123')).status).toBe(200);
  });

  it('per account whatever the encoding: form-encoded or multipart guesses are refused, not tried', async () => {
    const app = await start();
    await signedInClient(app, 'marta@example.com');
    const form = new URLSearchParams({ email: 'marta@example.com', password: 'secreto-123' });
    const multipart = new FormData();
    multipart.set('email', 'marta@example.com');
    multipart.set('password', 'secreto-123');
    // Even the right password, so a guess sent this way can never succeed; and no such attempt signs in.
    for (const body of [form, multipart, JSON.stringify(Object.fromEntries(form))]) {
      const headers: Record<string, string> =
        typeof body === 'string' ? { 'Content-Type': 'text/plain' } : {};
      const response = await new TestClient(app, freshIp()).request('/api/auth/sign-in/email', {
        method: 'POST',
        body,
        headers,
      });
      expect(response.status).toBe(415);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    // JSON with a charset is JSON: guesses count against the account as always.
    const { limit } = AUTH_RATE_LIMITS.signInPerAccount;
    for (let i = 0; i < limit; i++) {
      const guess = await new TestClient(app, freshIp()).request('/api/auth/sign-in/email', {
        method: 'POST',
        body: JSON.stringify({ email: 'marta@example.com', password: `adivinanza-${i}` }),
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      });
      expect(guess.status).toBe(401);
    }
    expect((await signIn(new TestClient(app, freshIp()), 'marta@example.com', 'secreto-123')).status).toBe(
      429,
    );
  });

  it('per network: one address trying many accounts, by password or by code, is stopped; its neighbours are not', async () => {
    const app = await start();
    const { limit, windowMs } = AUTH_RATE_LIMITS.signInPerIp;
    // Generous: a family or a clinic shares one address.
    expect(limit).toBeGreaterThanOrEqual(30);
    const attacker = new TestClient(app, '203.0.113.66');
    await expectLimit({
      limit,
      windowMs,
      // Wrong password (401); no such code (400) or too many tries of it (403).
      accepted: [400, 401, 403],
      // Code checks and password sign-ins fill one budget (code checks are quicker to send).
      attempt: (i) =>
        i >= limit - 2
          ? signIn(attacker, `persona${i}@example.com`)
          : attacker.request('/api/auth/phone-number/verify', {
              method: 'POST',
              json: { phoneNumber: `+1555555${String(1000 + i)}`, code: '123456' },
            }),
      whileRefused: async () => {
        expect((await signIn(new TestClient(app, '203.0.113.67'), 'otra@example.com')).status).toBe(401);
      },
    });
  });

  it('per phone: SMS code checks count against the number, whatever the address or its format', async () => {
    const app = await start();
    const { limit, windowMs } = AUTH_RATE_LIMITS.signInPerAccount;
    await expectLimit({
      limit,
      windowMs,
      accepted: [400, 403],
      attempt: (i) =>
        new TestClient(app, freshIp()).request('/api/auth/phone-number/verify', {
          method: 'POST',
          json: { phoneNumber: i % 2 ? '+15555550123' : '+1 (555) 555-0123', code: '000000' },
        }),
    });
  });
});

describe('account creation and recovery limits', { timeout: 120_000 }, () => {
  it('sign-up: every attempt from one address counts, even a refused one', async () => {
    const app = await start();
    const { limit, windowMs } = AUTH_RATE_LIMITS.signUpPerIp;
    const client = new TestClient(app, '203.0.113.120');
    await expectLimit({
      limit,
      windowMs,
      // Attempts with no name are refused before any password is hashed: quick to send.
      accepted: [200, 400],
      attempt: (i) =>
        client.request('/api/auth/sign-up/email', {
          method: 'POST',
          json:
            i > limit
              ? { email: `nueva${i}@example.com`, password: 'secreto-123', name: 'Nueva' }
              : { email: `nueva${i}@example.com`, password: 'secreto-123', name: '' },
        }),
    });
  });

  it('password change in Settings: guesses of the current password count per account', async () => {
    const app = await start();
    const client = await signedInClient(app);
    const { limit, windowMs } = AUTH_RATE_LIMITS.signInPerAccount;
    await expectLimit({
      limit,
      windowMs,
      accepted: 400,
      attempt: (i) =>
        client.request('/api/me/password', {
          method: 'POST',
          json: { currentPassword: `adivinanza-${i}`, newPassword: 'nueva-clave-1' },
        }),
    });
  });

  it('password reset e-mails: per address asked for, whatever the network', async () => {
    const app = await start();
    await signedInClient(app, 'rosa@example.com');
    const { limit, windowMs } = AUTH_RATE_LIMITS.passwordResetPerAccount;
    await expectLimit({
      limit,
      windowMs,
      accepted: 200,
      attempt: () =>
        new TestClient(app, freshIp()).request('/api/auth/request-password-reset', {
          method: 'POST',
          json: { email: 'Rosa@example.com', redirectTo: '/login' },
        }),
    });
  });
});

describe('code sending limits', () => {
  const sendCode = (client: TestClient, phone: string) =>
    client.request('/api/phone-code', { method: 'POST', json: { phone, mode: 'login' } });

  it('per phone number, whatever the address', async () => {
    const app = await start();
    const { limit, windowMs } = AUTH_RATE_LIMITS.phoneCodePerPhone;
    await expectLimit({
      limit,
      windowMs,
      accepted: 200,
      attempt: () => sendCode(new TestClient(app, freshIp()), '5555550142'),
      whileRefused: async () => {
        expect((await sendCode(new TestClient(app, freshIp()), '5555550143')).status).toBe(200);
      },
    });
  });

  it('per network address, whatever the number', async () => {
    const app = await start();
    const { limit, windowMs } = AUTH_RATE_LIMITS.phoneCodePerIp;
    const client = new TestClient(app, '203.0.113.90');
    await expectLimit({
      limit,
      windowMs,
      accepted: 200,
      attempt: (i) => sendCode(client, `555556${String(1000 + i)}`),
    });
  });
});

describe('paid providers', () => {
  it('assistant: questions per person and hour', async () => {
    const app = await start();
    const client = await signedInClient(app);
    await expectLimit({
      limit: ASSISTANT_PER_HOUR,
      windowMs: HOUR,
      accepted: 200,
      attempt: (i) =>
        client.request('/api/assistant/ask', {
          method: 'POST',
          json: { question: `¿Cómo pido asilo? (${i})` },
          headers: { Accept: 'application/json' },
        }),
    });
  });

  it('speech: text read aloud per person and hour', async () => {
    const app = await start();
    const client = await signedInClient(app);
    await expectLimit({
      limit: SPEECH_LIMIT_PER_HOUR,
      windowMs: HOUR,
      accepted: 200,
      attempt: () =>
        client.request('/api/assistant/speech', { method: 'POST', json: { text: 'Hola, ¿cómo estás?' } }),
    });
  });

  it('transcription: recordings per person and hour', async () => {
    const app = await start();
    const client = await signedInClient(app);
    await expectLimit({
      limit: TRANSCRIBE_LIMIT_PER_HOUR,
      windowMs: HOUR,
      accepted: 200,
      attempt: () => {
        const body = new FormData();
        body.append(
          'audio',
          new File([new Uint8Array([26, 69, 223, 163])], 'voz.webm', { type: 'audio/webm' }),
        );
        return client.request('/api/assistant/transcribe', { method: 'POST', body });
      },
    });
  });

  it('document processing: letters per person and hour', async () => {
    const app = await start();
    const client = await signedInClient(app);
    const letter = await docx('Request for Evidence. Notice Date: 01/15/2026. Please submit the following.');
    await expectLimit({
      limit: DOCUMENTS_PER_HOUR,
      windowMs: HOUR,
      accepted: 200,
      attempt: () => {
        const body = new FormData();
        body.append('file', new File([new Uint8Array(letter)], 'carta.docx'));
        return client.request('/api/documents/process', { method: 'POST', body });
      },
    });
  });
});

describe('open forms', () => {
  it('help chat: messages per network address and hour', async () => {
    const app = await start();
    const client = new TestClient(app, '203.0.113.100');
    await expectLimit({
      limit: HELP_CHAT_PER_HOUR,
      windowMs: HOUR,
      accepted: 200,
      attempt: () =>
        client.request('/api/help-chat', { method: 'POST', json: { message: '¿Cuánto cuesta?' } }),
    });
  });

  it('contact form: messages per network address and hour', async () => {
    const app = await start();
    const client = new TestClient(app, '203.0.113.110');
    await expectLimit({
      limit: CONTACT_PER_HOUR,
      windowMs: HOUR,
      accepted: 201,
      attempt: () =>
        client.request('/api/feedback/contact', {
          method: 'POST',
          json: {
            first_name: 'Rosa',
            last_name: 'Pérez',
            email: 'rosa@example.com',
            message: 'Quisiera saber más sobre el servicio.',
          },
        }),
    });
  });
});

describe('what the limits store', () => {
  it('keeps neither the address nor the phone number, nor a digest that trying every value would undo', async () => {
    const app = await start();
    const ip = '203.0.113.120';
    const phone = '+13055550120';
    const client = new TestClient(app, ip);
    const sent = await client.request('/api/phone-code', {
      method: 'POST',
      json: { phone: '3055550120', mode: 'login' },
    });
    expect(sent.status).toBe(200);
    const keys = (await app.database.db.select({ key: schema.rateLimits.key }).from(schema.rateLimits)).map(
      (row) => row.key,
    );
    const digest = (subject: string, secret?: string) =>
      (secret ? createHmac('sha256', secret) : createHash('sha256'))
        .update(subject)
        .digest('hex')
        .slice(0, 32);
    for (const subject of [ip, phone]) {
      expect(keys.some((key) => key.endsWith(`:${digest(subject, TEST_SECRET)}`))).toBe(true);
      expect(keys.some((key) => key.includes(subject) || key.includes(digest(subject)))).toBe(false);
    }
  });
});
