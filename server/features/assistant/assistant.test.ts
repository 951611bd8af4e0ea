import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index';
import { TestClient } from '../../test/client';
import { AppError } from '../../lib/errors';
import { createTestApp, type TestApp } from '../../test/helpers';
import { startOpenAiStandIn, type Reply, type StandIn } from '../../test/openai-stand-in';

let t: TestApp;
let standIn: StandIn | undefined;
let now = new Date('2026-03-10T18:00:00Z');
const sleeps: number[] = [];

afterEach(async () => {
  await t?.close();
  await standIn?.close();
  standIn = undefined;
  sleeps.length = 0;
  now = new Date('2026-03-10T18:00:00Z');
});

async function withModel(replies: Reply[]) {
  standIn = await startOpenAiStandIn(replies);
  t = await createTestApp({
    env: { OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: standIn.baseURL },
    clock: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return standIn;
}

const askJson = (client: TestClient, question: string) =>
  client.json<{
    answer: string;
    chatId: string | null;
    remaining: number | null;
    error: { code: string; message: string };
  }>('/api/assistant/ask', { method: 'POST', json: { question }, headers: { Accept: 'application/json' } });

/** Reads an SSE answer into its events. */
async function askStream(client: TestClient, question: string) {
  const response = await client.request('/api/assistant/ask', { method: 'POST', json: { question } });
  const text = await response.text();
  const events = text
    .trim()
    .split('\n\n')
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1],
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as Record<string, unknown>,
    }));
  return { response, events };
}

describe('the model request (OpenAI-compatible stand-in, real SDK)', () => {
  it('carries the persona rules, model, temperature, max_tokens and the grounding', async () => {
    const server = await withModel([{ kind: 'stream', chunks: ['Para pedir asilo ', 'usa el I-589.'] }]);
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    const { status, body } = await askJson(client, '¿Cómo pido asilo?');
    expect(status).toBe(200);
    expect(body.answer).toBe('Para pedir asilo usa el I-589.');

    const request = server.requests[0]!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.authorization).toBe('Bearer sk-test-key');
    expect(request.body).toMatchObject({ model: 'gpt-4o', temperature: 0.7, max_tokens: 500, stream: true });
    const messages = request.body.messages as Array<{ role: string; content: string }>;
    const system = messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('español mexicano sencillo');
    expect(system.content).toContain('13 años');
    expect(system.content).toContain('Nunca digas que eres abogado');
    expect(system.content).toContain('exactamente dos preguntas');
    expect(system.content).toContain('3 a 5 oraciones');
    expect(system.content).toContain('sección Documentos');
    expect(system.content).toContain('Escribe siempre "Estados Unidos" completo');
    // Grounding: the asylum facts with their official link.
    expect(system.content).toContain('https://www.uscis.gov/i-589');
    expect(messages.at(-1)).toEqual({ role: 'user', content: '¿Cómo pido asilo?' });
  });

  it('relays the stream as server-sent events, then a final event with chat id and questions left', async () => {
    await withModel([
      { kind: 'stream', chunks: ['Primera parte de la respuesta, ', 'segunda parte ', 'y el final.'] },
    ]);
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    const { response, events } = await askStream(client, '¿Qué es el TPS?');
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((e) => e.data.text).join('')).toBe(
      'Primera parte de la respuesta, segunda parte y el final.',
    );
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({
      answer: 'Primera parte de la respuesta, segunda parte y el final.',
      remaining: null,
    });
    const [chat] = await t.database.db
      .select()
      .from(schema.savedChats)
      .where(eq(schema.savedChats.id, done.data.chatId as string));
    expect(chat).toMatchObject({
      question: '¿Qué es el TPS?',
      category: 'residencia',
      title: '¿Qué es el TPS?',
    });
  });

  it('never lets "EE.UU." reach the person', async () => {
    await withModel([
      { kind: 'stream', chunks: ['Si llegaste a EE.', 'UU. de niño, ', 'en EEUU hay opciones.'] },
    ]);
    const client = new TestClient(t);
    const { events } = await askStream(client, '¿Qué es DACA?');
    const text = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(text).toBe('Si llegaste a Estados Unidos de niño, en Estados Unidos hay opciones.');
    expect(JSON.stringify(events)).not.toMatch(/EE\.|EEUU/);
  });

  it('retries a 429 after 2 s, up to 3 attempts in all', async () => {
    const server = await withModel([
      { kind: 'error', status: 429, code: 'rate_limit_exceeded' },
      { kind: 'error', status: 429, code: 'rate_limit_exceeded' },
      { kind: 'stream', chunks: ['Listo.'] },
    ]);
    const { status, body } = await askJson(new TestClient(t), 'hola');
    expect(status).toBe(200);
    expect(body.answer).toBe('Listo.');
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([2000, 2000]);
  });

  it('retries a dropped connection, a 409 and a 5xx with the client backoff (0.5 s, then 1 s)', async () => {
    for (const first of [
      { kind: 'drop' },
      { kind: 'error', status: 409 },
      { kind: 'error', status: 503 },
    ] as Reply[]) {
      sleeps.length = 0;
      await t?.close();
      await standIn?.close();
      const server = await withModel([first, first, { kind: 'stream', chunks: ['Listo.'] }]);
      const { status, body } = await askJson(new TestClient(t), 'hola');
      expect(status, JSON.stringify(first)).toBe(200);
      expect(body.answer).toBe('Listo.');
      expect(server.requests).toHaveLength(3);
      expect(sleeps).toEqual([500, 1000]);
    }
  });

  it.each([
    [
      { kind: 'error', status: 401, code: 'invalid_api_key' } as Reply,
      'API key inválida. Por favor, contacta al administrador.',
      1,
    ],
    [
      { kind: 'error', status: 429, code: 'insufficient_quota' } as Reply,
      'La cuota de API se ha agotado. Por favor, contacta al administrador.',
      1,
    ],
    [
      { kind: 'error', status: 429, code: 'rate_limit_exceeded' } as Reply,
      'Se ha excedido el límite de solicitudes. Por favor, intenta más tarde.',
      3,
    ],
    [
      { kind: 'error', status: 500 } as Reply,
      'Hubo un error al procesar tu pregunta. Por favor, inténtalo de nuevo.',
      3,
    ],
    [
      { kind: 'error', status: 400, code: 'invalid_request_error' } as Reply,
      'Hubo un error al procesar tu pregunta. Por favor, inténtalo de nuevo.',
      1,
    ],
  ])('maps %j to its §8 message and gives the question back', async (reply, message, attempts) => {
    const server = await withModel([reply]);
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    await t.database.db.update(schema.profiles).set({ plan: 'FREE' });
    const { body } = await askJson(client, 'hola');
    expect(body.error.message).toBe(message);
    expect(server.requests).toHaveLength(attempts);
    expect(await t.database.db.select().from(schema.usageEvents)).toHaveLength(0);
    expect((await client.json('/api/me')).body.questionsLeftToday).toBe(3);
  });

  it('keeps the question counted when the answer broke after text was delivered', async () => {
    t = await createTestApp({
      model: {
        name: 'openai',
        async *streamAnswer() {
          yield 'Una primera oración completa que ya se leyó. ';
          throw new AppError(
            'provider_error',
            502,
            'Hubo un error al procesar tu pregunta. Por favor, inténtalo de nuevo.',
          );
        },
      },
    });
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    await t.database.db.update(schema.profiles).set({ plan: 'FREE' });
    const { events } = await askStream(client, 'hola');
    expect(events.map((e) => e.event)).toEqual(['delta', 'error']);
    expect((await client.json('/api/me')).body.questionsLeftToday).toBe(2);
  });

  it("sends the signed-in user's earlier turns as context, and Limpiar Chat empties it", async () => {
    const server = await withModel([{ kind: 'stream', chunks: ['Respuesta.'] }]);
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    await askJson(client, 'Primera pregunta');
    await askJson(client, 'Segunda pregunta');
    // Only the answering calls (the saved chat's category is a separate, short call).
    const answering = () => server.requests.filter((r) => r.body.stream === true);
    const second = answering()[1]!.body.messages as Array<{ role: string; content: string }>;
    expect(second.slice(1)).toEqual([
      { role: 'user', content: 'Primera pregunta' },
      { role: 'assistant', content: 'Respuesta.' },
      { role: 'user', content: 'Segunda pregunta' },
    ]);
    await client.json('/api/assistant/clear', { method: 'POST', json: {} });
    await askJson(client, 'Tercera pregunta');
    const third = answering()[2]!.body.messages as Array<{ role: string; content: string }>;
    expect(third).toHaveLength(2);
  });

  it('asks guests for one general sentence and keeps no context', async () => {
    const server = await withModel([{ kind: 'stream', chunks: ['En general, sí.'] }]);
    await askJson(new TestClient(t), '¿Puedo trabajar?');
    const system = (server.requests[0]!.body.messages as Array<{ content: string }>)[0]!.content;
    expect(system).toContain('UNA sola oración general');
    expect(await t.database.db.select().from(schema.conversationTurns)).toHaveLength(0);
    expect(await t.database.db.select().from(schema.savedChats)).toHaveLength(0);
  });
});

describe('limits enforced by the server', () => {
  it('refuses an empty question in Spanish', async () => {
    t = await createTestApp();
    const { status, body } = await askJson(new TestClient(t), '   ');
    expect(status).toBe(400);
    expect(body.error.message).toBe('Escribe tu pregunta.');
  });

  it('guest: the third question is refused, with the cookie kept', async () => {
    t = await createTestApp();
    const guest = new TestClient(t, '198.51.100.1');
    expect((await askJson(guest, '¿Qué es DACA?')).body.remaining).toBe(1);
    expect((await askJson(guest, '¿Qué es TPS?')).body.remaining).toBe(0);
    const third = await askJson(guest, '¿Qué es asilo?');
    expect(third.status).toBe(429);
    expect(third.body.error).toEqual({
      code: 'limit_reached',
      message: 'Ya usaste tus 2 preguntas de prueba. Crea una cuenta gratis para seguir preguntando.',
    });
    // The same cookie from another network is still this guest.
    const sameCookieElsewhere = await askJson(guest.from('192.0.2.77'), 'otra');
    expect(sameCookieElsewhere.status).toBe(429);
  });

  it('guest: a refused request gets no cookie, so fresh cookies cannot be collected', async () => {
    t = await createTestApp({ clock: () => now });
    await askJson(new TestClient(t, '198.51.100.9'), 'uno');
    await askJson(new TestClient(t, '198.51.100.9'), 'dos');
    const refused = await new TestClient(t, '198.51.100.9').request('/api/assistant/ask', {
      method: 'POST',
      json: { question: 'tres' },
      headers: { Accept: 'application/json' },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.getSetCookie()).toEqual([]);
  });

  it('guest behind a load balancer (TRUST_PROXY=1): each visitor has their own demo; a forged header gains nothing', async () => {
    t = await createTestApp({ clock: () => now, env: { TRUST_PROXY: '1' } });
    const balancer = '10.0.0.5';
    // What the balancer forwards: whatever the visitor sent, then the address it saw.
    const visitor = (address: string, sent?: string) => {
      const client = new TestClient(t, balancer);
      return (question: string) =>
        client.json<{ error: { code: string } }>('/api/assistant/ask', {
          method: 'POST',
          json: { question },
          headers: {
            Accept: 'application/json',
            'X-Forwarded-For': sent ? `${sent}, ${address}` : address,
          },
        });
    };
    const ana = visitor('203.0.113.1');
    expect((await ana('uno')).status).toBe(200);
    expect((await ana('dos')).status).toBe(200);
    expect((await ana('tres')).status).toBe(429);
    // Another visitor through the same balancer is not Ana.
    expect((await visitor('203.0.113.2')('uno')).status).toBe(200);
    // Ana with a fresh cookie and a made-up header is still Ana.
    expect((await visitor('203.0.113.1', '198.51.100.99')('uno')).status).toBe(429);
  });

  it('guest without TRUST_PROXY: X-Forwarded-For is ignored, as anyone can write it', async () => {
    t = await createTestApp({ clock: () => now });
    const ask = (sent: string) =>
      new TestClient(t, '203.0.113.7').json('/api/assistant/ask', {
        method: 'POST',
        json: { question: 'hola' },
        headers: { Accept: 'application/json', 'X-Forwarded-For': sent },
      });
    expect((await ask('198.51.100.1')).status).toBe(200);
    expect((await ask('198.51.100.2')).status).toBe(200);
    expect((await ask('198.51.100.3')).status).toBe(429);
  });

  it('guest: the demo count a new visitor sees mirrors what their network already used', async () => {
    t = await createTestApp({ clock: () => now });
    const status = (client: TestClient) =>
      client.json<{ audience: string; remaining: number }>('/api/assistant/status');
    expect((await status(new TestClient(t, '198.51.100.4'))).body).toMatchObject({
      audience: 'guest',
      remaining: 2,
    });
    await askJson(new TestClient(t, '198.51.100.4'), 'uno');
    expect((await status(new TestClient(t, '198.51.100.4'))).body.remaining).toBe(1);
    await askJson(new TestClient(t, '198.51.100.4'), 'dos');
    const fresh = await status(new TestClient(t, '198.51.100.4'));
    expect(fresh.body.remaining).toBe(0);
    // Asking for the count mints no cookie.
    expect(fresh.response.headers.getSetCookie()).toEqual([]);
    expect((await status(new TestClient(t, '198.51.100.5'))).body.remaining).toBe(2);
  });

  it('guest: a fresh cookie jar on the same network is refused too', async () => {
    t = await createTestApp({ clock: () => now });
    await askJson(new TestClient(t, '198.51.100.2'), 'uno');
    await askJson(new TestClient(t, '198.51.100.2'), 'dos');
    const fresh = await askJson(new TestClient(t, '198.51.100.2'), 'tres');
    expect(fresh.status).toBe(429);
    // Someone on another network still gets their demo.
    expect((await askJson(new TestClient(t, '198.51.100.3'), 'uno')).status).toBe(200);
    // A day later the network may try again.
    now = new Date(now.getTime() + 24 * 60 * 60 * 1000 + 1000);
    expect((await askJson(new TestClient(t, '198.51.100.2'), 'cuatro')).status).toBe(200);
  });

  it('FREE: the fourth question of the local day is refused; the next local day is allowed', async () => {
    t = await createTestApp({ clock: () => now });
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    await t.database.db.update(schema.profiles).set({ plan: 'FREE', timeZone: 'America/Chicago' });
    for (const expected of [2, 1, 0])
      expect((await askJson(client, '¿Qué es DACA?')).body.remaining).toBe(expected);
    const fourth = await askJson(client, '¿Qué es DACA?');
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.message).toBe(
      'Has alcanzado el límite de consultas gratuitas. Actualiza tu plan para continuar.',
    );
    // Deleting saved chats gives nothing back.
    await t.database.db.delete(schema.savedChats);
    expect((await askJson(client, '¿Qué es DACA?')).status).toBe(429);
    // 04:59Z is still the 10th in Chicago; 05:00Z (local midnight, CDT) is a new day.
    now = new Date('2026-03-11T04:59:00Z');
    expect((await askJson(client, '¿Qué es DACA?')).status).toBe(429);
    now = new Date('2026-03-11T05:00:00Z');
    expect((await askJson(client, '¿Qué es DACA?')).status).toBe(200);
  });

  it('FREE: switching to a time zone whose midnight just passed gives no question back', async () => {
    // Three questions at 14:55 in Chicago (23:55 in Dubai)…
    now = new Date('2026-03-10T19:55:00Z');
    t = await createTestApp({ clock: () => now });
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    await t.database.db.update(schema.profiles).set({ plan: 'FREE', timeZone: 'America/Chicago' });
    for (let i = 0; i < 3; i++) expect((await askJson(client, '¿Qué es DACA?')).status).toBe(200);
    expect((await askJson(client, '¿Qué es DACA?')).status).toBe(429);

    // …then, at 00:05 in Dubai, whose midnight just passed, the person says they live there.
    now = new Date('2026-03-10T20:05:00Z');
    const moved = await client.json('/api/me', { method: 'PATCH', json: { timeZone: 'Asia/Dubai' } });
    expect(moved.status).toBe(200);
    expect(moved.body.questionsLeftToday).toBe(0);
    now = new Date('2026-03-10T20:16:00Z');
    expect((await askJson(client, '¿Qué es DACA?')).status).toBe(429);
    // Nor back and forth.
    await client.json('/api/me', { method: 'PATCH', json: { timeZone: 'Pacific/Kiritimati' } });
    await client.json('/api/me', { method: 'PATCH', json: { timeZone: 'America/Chicago' } });
    expect((await askJson(client, '¿Qué es DACA?')).status).toBe(429);
    // A full day after the last change the person has three again.
    now = new Date('2026-03-11T20:17:00Z');
    expect((await client.json('/api/me')).body.questionsLeftToday).toBe(3);
  });

  it('FREE: a new zone set before any question keeps the local-midnight day', async () => {
    now = new Date('2026-03-10T20:05:00Z');
    t = await createTestApp({ clock: () => now });
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    await t.database.db.update(schema.profiles).set({ plan: 'FREE' });
    await client.json('/api/me', { method: 'PATCH', json: { timeZone: 'America/Los_Angeles' } });
    for (let i = 0; i < 3; i++) expect((await askJson(client, '¿Qué es DACA?')).status).toBe(200);
    // Midnight in Los Angeles (07:00Z, PDT) starts a new day, as SPEC §6 says.
    now = new Date('2026-03-11T07:00:00Z');
    expect((await askJson(client, '¿Qué es DACA?')).status).toBe(200);
  });

  it('UNLIMITED has no limit; a plan change applies at once', async () => {
    t = await createTestApp();
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    for (let i = 0; i < 5; i++) expect((await askJson(client, `pregunta ${i}`)).status).toBe(200);
    await t.database.db.update(schema.profiles).set({ plan: 'FREE' });
    expect((await askJson(client, 'otra')).status).toBe(429);
  });
});

describe('speech and transcription without providers', () => {
  it('say they are not configured, and need a session or a guest cookie', async () => {
    t = await createTestApp();
    const anonymous = await new TestClient(t).json('/api/assistant/speech', {
      method: 'POST',
      json: { text: 'Hola' },
    });
    expect(anonymous.status).toBe(401);
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    const speech = await client.json('/api/assistant/speech', { method: 'POST', json: { text: 'Hola' } });
    expect(speech.status).toBe(501);
    expect(speech.body.error.code).toBe('not_configured');
  });
});
