import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { format } from 'node:util';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { createTestDatabase } from '../db/test-databases';
import { createAuth } from '../features/auth/auth';
import { AppError } from '../lib/errors';
import { createLogger, scrubText } from '../lib/logger';
import { createEmailProvider } from '../providers/email/index';
import { readOutbox } from '../providers/outbox';
import { createSmsProvider } from '../providers/sms/index';
import { TestClient } from '../test/client';
import { createTestConfig, providersFor, TEST_SECRET } from '../test/helpers';
import { docx } from '../test/docx';

// Issue 9: logs carry no question text, letter text, phone number or e-mail
// address. A whole journey runs through the real app at log level 'trace'
// (more than production's 'info'), with providers that answer and fail, and
// every line written is read: pino's and anything on the console.

const PHONE = '5555550199';
const FAILING_PHONE = '5555550177';
const EMAIL = 'rosa.delgado@example.com';
const CONTACT_EMAIL = 'maribel.quintanilla@example.org';
const UNKNOWN_EMAIL = 'nadie.registrado@example.net';
const QUESTION = '¿Puedo pedir asilo si mi hermana Guadalupe Ramírez entró por Nogales en 2019?';
const FAILED_QUESTION = '¿Qué pasa con el caso de Tomás Hernández en la corte de Houston?';
const LETTER =
  'Notice of Action I-797C. Beneficiary: Esperanza Villalobos Cruz. A-Number: A204918377. ' +
  'Receipt Number IOE0912345678. Notice Date: 01/15/2026. Request for Evidence.';
const CONTACT_MESSAGE = 'Hola, soy Maribel Quintanilla y necesito ayuda con mi permiso de trabajo.';
const HELP_MESSAGE = '¿Dónde cambio la contraseña? Soy Leonor Castañeda.';

/** Everything that must never be in a log line, each as a label and a test. */
function secretsFound(text: string, extra: string[] = []): string[] {
  const lower = text.toLowerCase();
  const found: string[] = [];
  const plain = [
    QUESTION,
    FAILED_QUESTION,
    LETTER,
    CONTACT_MESSAGE,
    HELP_MESSAGE,
    // Parts of them, in case a log keeps only a slice.
    'Guadalupe Ramírez',
    'Tomás Hernández',
    'Esperanza Villalobos',
    'A204918377',
    'Maribel Quintanilla',
    'Leonor Castañeda',
    EMAIL,
    CONTACT_EMAIL,
    UNKNOWN_EMAIL,
    EMAIL.replace('@', '%40'),
    'rosa.delgado',
    ...extra,
  ];
  for (const secret of plain) if (lower.includes(secret.toLowerCase())) found.push(secret);
  for (const digits of [PHONE, FAILING_PHONE]) {
    const [a, b, c] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
    // 5555550199, +15555550199, (555) 555-0199, 555-555-0199, 555.555.0199, +1 555 555 0199…
    const written = new RegExp(`\\(?${a}\\)?[\\s.-]{0,2}${b}[\\s.-]?${c}`);
    if (text.includes(digits) || written.test(text)) found.push(digits);
  }
  return found;
}

/** A stand-in for OpenAI and Twilio: answers, or fails the way they do. */
async function startProviders() {
  const state = {
    url: '',
    failAi: false as false | 'at-once' | 'mid-stream',
    sms: [] as Array<{ to: string; body: string }>,
    close: async () => undefined as void,
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.url?.includes('/Messages.json')) {
        const form = new URLSearchParams(raw);
        const to = form.get('To') ?? '';
        if (to === `+1${FAILING_PHONE}`) {
          // Twilio names the number in its errors.
          res.writeHead(400, { 'Content-Type': 'application/json' });
          res.end(
            JSON.stringify({
              code: 21211,
              message: `The 'To' number ${to} is not a valid phone number.`,
              more_info: 'https://www.twilio.com/docs/errors/21211',
              status: 400,
            }),
          );
          return;
        }
        state.sms.push({ to, body: form.get('Body') ?? '' });
        res.writeHead(201, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ sid: `SM${state.sms.length}`, status: 'queued' }));
        return;
      }
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      if (state.failAi === 'mid-stream' && body.stream === true) {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        const chunk = { id: 'c1', object: 'chat.completion.chunk', created: 0, model: body.model };
        res.write(
          `data: ${JSON.stringify({ ...chunk, choices: [{ index: 0, delta: { content: 'Puedes pedir asilo con el formulario I-589 si llegaste hace menos de un año. Además, ' }, finish_reason: null }] })}\n\n`,
        );
        // The connection drops halfway through the answer.
        setTimeout(() => res.destroy(), 20);
        return;
      }
      if (state.failAi) {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            error: {
              message: 'The server had an error while processing your request. Sorry about that!',
              type: 'server_error',
              code: null,
            },
          }),
        );
        return;
      }
      if (body.stream === true) {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        for (const text of ['Puedes pedir asilo con el formulario I-589. ', 'Busca un abogado.']) {
          const chunk = { id: 'c1', object: 'chat.completion.chunk', created: 0, model: body.model };
          res.write(
            `data: ${JSON.stringify({ ...chunk, choices: [{ index: 0, delta: { content: text }, finish_reason: null }] })}\n\n`,
          );
        }
        res.end('data: [DONE]\n\n');
        return;
      }
      const content = body.response_format
        ? JSON.stringify({
            translation: 'Aviso de acción: le piden más pruebas.',
            description: 'USCIS necesita más documentos para decidir.',
            solution: '1. Reúna los documentos. 2. Envíelos antes de la fecha límite.',
          })
        : 'asilo';
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          created: 0,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

interface LogLine {
  level: number;
  msg: string;
  path?: string;
  status?: number;
  source?: string;
  [key: string]: unknown;
}

describe('logs of a full journey', () => {
  const written: string[] = [];
  const consoleOutput: string[] = [];
  let resetToken = '';
  let providers: Awaited<ReturnType<typeof startProviders>>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    providers = await startProviders();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-privacy-'));
    const config = createTestConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'trace',
      OPENAI_API_KEY: 'sk-test-log-privacy',
      OPENAI_BASE_URL: `${providers.url}/v1`,
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'twilio-test-token',
      TWILIO_FROM_NUMBER: '+15005550006',
      TWILIO_BASE_URL: providers.url,
    });
    // Whatever reaches the console (better-auth's default, stray console.log…) is read too.
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        consoleOutput.push(format(...args));
      });
    }
    const database = await createTestDatabase();
    // As buildApp wires it, with the logger also given to better-auth.
    const logger = createLogger(config, { write: (line: string) => void written.push(line) });
    const sms = createSmsProvider(config, logger);
    const email = createEmailProvider(config, logger);
    const auth = createAuth({ db: database.db, config, secret: TEST_SECRET, sms, email, logger });
    const app = createApp({ config, database, logger, auth, ...providersFor(config), sms, email });
    const t = { app, config };
    cleanup = async () => {
      vi.restoreAllMocks();
      await database.close();
      await providers.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };

    // 1. Registration by phone: a code by SMS, a wrong code, the right one.
    const phoneUser = new TestClient(t, '203.0.113.20');
    const sent = await phoneUser.json('/api/phone-code', {
      method: 'POST',
      json: { phone: PHONE, mode: 'register' },
    });
    expect(sent.status).toBe(200);
    const code = /\d{6}/.exec(providers.sms.at(-1)?.body ?? '')?.[0] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await phoneUser.request('/api/auth/phone-number/verify', {
      method: 'POST',
      json: { phoneNumber: `+1${PHONE}`, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    const verified = await phoneUser.request('/api/auth/phone-number/verify', {
      method: 'POST',
      json: { phoneNumber: `+1${PHONE}`, code },
    });
    expect(verified.status).toBe(200);

    // 2. A question, streamed, saved with its category; then one the model fails on.
    const asked = await phoneUser.request('/api/assistant/ask', {
      method: 'POST',
      json: { question: QUESTION },
    });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('event: done');
    providers.failAi = 'at-once';
    const failed = await phoneUser.request('/api/assistant/ask', {
      method: 'POST',
      json: { question: FAILED_QUESTION },
    });
    expect(failed.status).toBe(502);
    providers.failAi = 'mid-stream';
    const broken = await phoneUser.request('/api/assistant/ask', {
      method: 'POST',
      json: { question: FAILED_QUESTION },
    });
    expect(await broken.text()).toContain('event: error');
    providers.failAi = false;

    // 3. SMS provider failure, which names the number.
    const smsFailed = await new TestClient(t, '203.0.113.21').request('/api/phone-code', {
      method: 'POST',
      json: { phone: FAILING_PHONE, mode: 'login' },
    });
    expect(smsFailed.status).toBe(502);

    // 4. Registration by e-mail, the same address again, failed sign-ins.
    const emailUser = new TestClient(t, '203.0.113.22');
    expect((await emailUser.signUp(EMAIL, 'secreto-123', 'Rosa')).status).toBe(200);
    expect((await new TestClient(t, '203.0.113.23').signUp(EMAIL, 'otra-clave-9', 'Rosa')).status).toBe(422);
    for (const attempt of [
      { email: EMAIL, password: 'no-es-esta' },
      { email: UNKNOWN_EMAIL, password: 'no-es-esta' },
    ]) {
      const response = await new TestClient(t, '203.0.113.24').request('/api/auth/sign-in/email', {
        method: 'POST',
        json: attempt,
      });
      expect(response.status).toBe(401);
    }
    expect((await emailUser.json('/api/me')).status).toBe(200);

    // 5. A letter.
    const form = new FormData();
    form.append('file', new File([new Uint8Array(await docx(LETTER))], 'carta de Esperanza Villalobos.docx'));
    const letter = await emailUser.json('/api/documents/process', { method: 'POST', body: form });
    expect(letter.status).toBe(200);

    // 6. Contact form and help chat, as a visitor.
    const visitor = new TestClient(t, '203.0.113.25');
    const contact = await visitor.request('/api/feedback/contact', {
      method: 'POST',
      json: {
        first_name: 'Maribel',
        last_name: 'Quintanilla',
        email: CONTACT_EMAIL,
        message: CONTACT_MESSAGE,
      },
    });
    expect(contact.status).toBe(201);
    const help = await visitor.request('/api/help-chat', { method: 'POST', json: { message: HELP_MESSAGE } });
    expect(help.status).toBe(200);

    // 7. A password reset link, followed: its token is in the path.
    const reset = await visitor.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: EMAIL, redirectTo: `${config.publicUrl}/login` },
    });
    expect(reset.status).toBe(200);
    const mail = (await readOutbox(path.join(dataDir, 'outbox', 'email.jsonl'))).at(-1);
    const link = /https?:\/\/\S+\/reset-password\/([^?\s]+)\S*/.exec(mail?.text ?? '');
    resetToken = link?.[1] ?? '';
    expect(resetToken.length).toBeGreaterThan(10);
    const followed = await visitor.request(new URL(link![0]).pathname + new URL(link![0]).search);
    expect(followed.status).toBe(302);
  }, 60_000);

  afterAll(async () => {
    await cleanup?.();
  });

  const lines = () => written.map((line) => JSON.parse(line) as LogLine);

  it('were written, as JSON, for every step (so the check below reads real logs)', () => {
    const requests = lines().filter((line) => line.msg === 'request');
    const seen = new Set(requests.map((line) => `${line.path} ${line.status}`));
    for (const step of [
      '/api/phone-code 200',
      '/api/phone-code 502',
      '/api/auth/phone-number/verify 400',
      '/api/auth/phone-number/verify 200',
      '/api/assistant/ask 200',
      '/api/assistant/ask 502',
      '/api/auth/sign-up/email 200',
      '/api/auth/sign-in/email 401',
      '/api/documents/process 200',
      '/api/feedback/contact 201',
      '/api/help-chat 200',
      '/api/auth/request-password-reset 200',
    ])
      expect(seen, step).toContain(step);
    const errors = lines().filter((line) => line.level >= 50);
    expect(errors.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['AI provider answered 500', expect.stringMatching(/^Twilio answered 400: /)]),
    );
    // The provider's error named the number; the log line has it scrubbed.
    const twilio = errors.find((line) => line.msg.startsWith('Twilio'));
    expect(twilio?.msg).toContain('[phone]');
    // better-auth's own messages come through the same logger.
    expect(lines().some((line) => line.source === 'better-auth')).toBe(true);
  });

  it('all go through the JSON logger and its guard: nothing is written with console', () => {
    expect(consoleOutput).toEqual([]);
  });

  it('hold no question, letter, message, phone number, e-mail address or reset token', () => {
    const everything = [...written, ...consoleOutput].join('\n');
    expect(secretsFound(everything, [resetToken])).toEqual([]);
  });

  it('the check itself finds each of them, however written', () => {
    // So an empty result above means absent, not unseen.
    expect(secretsFound(JSON.stringify({ body: { question: QUESTION } }))).toContain(QUESTION);
    expect(secretsFound(`archivo: ${LETTER.slice(20, 80)}`)).toContain('Esperanza Villalobos');
    for (const phone of ['+15555550199', '(555) 555-0199', '555-555-0199', '555.555.0199', '+1 555 555 0199'])
      expect(secretsFound(`to=${phone}`), phone).toEqual([PHONE]);
    expect(secretsFound('Sign-up attempt for existing email: Rosa.Delgado@example.com')).toContain(EMAIL);
    expect(secretsFound(`/api/auth/reset-password/${resetToken}`, [resetToken])).toEqual([resetToken]);
  });
});

describe('the logger’s second guard', () => {
  function capture() {
    const out: string[] = [];
    const logger = createLogger(
      { NODE_ENV: 'production', LOG_LEVEL: 'info' },
      { write: (line: string) => void out.push(line) },
    );
    return { logger, out };
  }

  it('scrubs e-mail addresses, phone numbers and reset tokens from messages and fields', () => {
    const { logger, out } = capture();
    logger.info(
      {
        to: '+15555550199',
        user: { email: EMAIL, phone: '(555) 555-0199' },
        path: '/api/auth/reset-password/abc123XYZ',
      },
      `sent to ${CONTACT_EMAIL} and 555 555 0199`,
    );
    expect(out).toHaveLength(1);
    const line = JSON.parse(out[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      to: '[phone]',
      user: { email: '[email]', phone: '[phone]' },
      path: '/api/auth/reset-password/[redacted]',
      msg: 'sent to [email] and [phone]',
    });
  });

  it('keeps what operators need: receipt numbers, ids, times, durations', () => {
    const text =
      'receipt IOE0912345678, A-number A204918377, id 0b9c1f4e-1234-5678-9012-3456789abcde at 2026-03-02T15:00:00.000Z';
    expect(scrubText(text)).toBe(text);
    const { logger, out } = capture();
    logger.info({ ms: 5555550199, status: 200 }, 'request');
    expect(JSON.parse(out[0]!)).toMatchObject({ ms: 5555550199, status: 200 });
  });

  it('logs a failed query with its SQL but without its values, even as the cause of another error', () => {
    const { logger, out } = capture();
    const pgError = Object.assign(new Error('new row violates check constraint'), {
      code: '23514',
      detail: `Failing row contains (1, user-1, ${QUESTION}).`,
      table: 'saved_chats',
    });
    const query = new DrizzleQueryError(
      'insert into "saved_chats" ("user_id", "question") values ($1, $2)',
      ['user-1', QUESTION],
      pgError,
    );
    logger.error({ err: new AppError('internal', 500, 'Error', { cause: query }) }, 'unhandled error');
    logger.error({ err: query }, 'unhandled error');
    const text = out.join('\n');
    expect(secretsFound(text)).toEqual([]);
    expect(text).toContain('insert into \\"saved_chats\\"');
    expect(text).toContain('params: [redacted]');
    expect(text).toContain('23514');
  });
});
