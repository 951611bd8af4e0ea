import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DELETION_PHRASE } from '../../../common/account';
import * as schema from '../../db/schema/index';
import { loadContent } from '../../db/content';
import { purgeExpiredData, RETENTION_MS } from '../../jobs/retention';
import { HELPED_CACHE_MS } from '../stats/stats.routes';
import { TestClient } from '../../test/client';
import { createTestApp, type TestApp } from '../../test/helpers';
import { startOpenAiStandIn, type StandIn } from '../../test/openai-stand-in';

let t: TestApp;
let standIn: StandIn | undefined;
afterEach(async () => {
  await t?.close();
  await standIn?.close();
  standIn = undefined;
});

describe('survey and contact form', () => {
  it('refuses the survey when signed out or empty, and stores it with the §3 ids', async () => {
    t = await createTestApp();
    const anonymous = await new TestClient(t).json('/api/feedback/survey', {
      method: 'POST',
      json: { ratings: { ease_of_use: 5 } },
    });
    expect(anonymous).toMatchObject({
      status: 401,
      body: { error: { message: 'Debes iniciar sesión para enviar comentarios' } },
    });
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    const empty = await client.json('/api/feedback/survey', {
      method: 'POST',
      json: { ratings: {}, answers: { support_feedback: '  ' } },
    });
    expect(empty.body.error.message).toBe('Por favor proporciona al menos una calificación o un comentario');
    const outOfRange = await client.json('/api/feedback/survey', {
      method: 'POST',
      json: { ratings: { ease_of_use: 6 } },
    });
    expect(outOfRange.status).toBe(400);
    const unknownId = await client.json('/api/feedback/survey', {
      method: 'POST',
      json: { ratings: { happiness: 5 } },
    });
    expect(unknownId.status).toBe(400);

    const ok = await client.json('/api/feedback/survey', {
      method: 'POST',
      json: {
        ratings: { expectations_met: 5, would_recommend: 4 },
        answers: { design_suggestions: 'Letra más grande' },
        additional_comments: 'Gracias',
      },
    });
    expect(ok.status).toBe(201);
    const [row] = await t.database.db.select().from(schema.feedback);
    expect(row).toMatchObject({
      ratings: { expectations_met: 5, would_recommend: 4 },
      answers: { design_suggestions: 'Letra más grande' },
      additionalComments: 'Gracias',
    });
  });

  it('validates the contact form with the §5 messages and stores it', async () => {
    t = await createTestApp();
    const client = new TestClient(t);
    const good = {
      first_name: 'Luis',
      last_name: 'Pérez',
      email: 'luis@example.com',
      message: 'Me gustaría sugerir algo.',
    };
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...good, first_name: 'L' }, 'El nombre debe tener al menos 2 caracteres'],
      [{ ...good, last_name: 'P' }, 'El apellido debe tener al menos 2 caracteres'],
      [{ ...good, email: 'luis' }, 'Por favor ingresa un correo válido'],
      [{ ...good, message: 'corto' }, 'Tu mensaje debe tener al menos 10 caracteres'],
    ];
    for (const [json, message] of cases) {
      const response = await client.json('/api/feedback/contact', { method: 'POST', json });
      expect(response.body.error.message).toBe(message);
    }
    expect((await client.json('/api/feedback/contact', { method: 'POST', json: good })).status).toBe(201);
    expect(await t.database.db.select().from(schema.userFeedback)).toEqual([
      expect.objectContaining({ firstName: 'Luis', email: 'luis@example.com' }),
    ]);
  });
});

describe('blog', () => {
  it('lists published posts, features one with the fallback, and answers not found', async () => {
    t = await createTestApp();
    const summary = await loadContent(t.database.db, path.resolve(import.meta.dirname, '../../../content'));
    expect(summary.blogPosts).toBeGreaterThanOrEqual(6);
    const client = new TestClient(t);
    const list = await client.json<{ posts: Array<{ slug: string; published_at: string }> }>('/api/blog');
    expect(list.body.posts.length).toBe(summary.blogPosts);
    const dates = list.body.posts.map((p) => p.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await client.json<{ post: { slug: string } }>('/api/blog/featured')).body.post.slug).toBe(
      'como-reconocer-fraude-de-notarios',
    );

    await t.database.db.update(schema.blogPosts).set({ featured: false });
    expect((await client.json<{ post: { slug: string } }>('/api/blog/featured')).body.post.slug).toBe(
      list.body.posts[0]!.slug,
    );

    const post = await client.json<{ post: { content: string } }>('/api/blog/cuando-renovar-daca');
    expect(post.body.post.content).toContain('I-821D');
    const missing = await client.json('/api/blog/no-existe');
    expect(missing).toMatchObject({
      status: 404,
      body: { error: { message: 'Lo sentimos, el artículo que buscas no existe o ha sido movido.' } },
    });
    await t.database.db.update(schema.blogPosts).set({ published: false });
    expect((await client.json('/api/blog/cuando-renovar-daca')).status).toBe(404);
  });
});

describe('helped counter', () => {
  it('grows by one when a new person gets an answer, not when the same person asks again', async () => {
    let now = new Date('2026-03-10T18:00:00Z');
    t = await createTestApp({ env: { HELPED_BASELINE: '5300' }, clock: () => now });
    const count = async () =>
      (await new TestClient(t).json<{ count: number }>('/api/stats/helped')).body.count;
    const ask = (client: TestClient) =>
      client.json('/api/assistant/ask', {
        method: 'POST',
        json: { question: '¿Qué es DACA?' },
        headers: { Accept: 'application/json' },
      });
    expect(await count()).toBe(5300);
    const guest = new TestClient(t, '198.51.100.50');
    await ask(guest);
    now = new Date(now.getTime() + 60_000);
    expect(await count()).toBe(5301);
    await ask(guest);
    const user = new TestClient(t, '198.51.100.51');
    await user.signUp('ana@example.com');
    await ask(user);
    await ask(user);
    now = new Date(now.getTime() + 60_000);
    expect(await count()).toBe(5302);
  });

  it('keeps counting people whose rows the retention pass or an account deletion removed', async () => {
    let now = new Date('2026-03-10T18:00:00Z');
    t = await createTestApp({ env: { HELPED_BASELINE: '100' }, clock: () => now });
    const count = async () => {
      now = new Date(now.getTime() + HELPED_CACHE_MS + 1);
      return (await new TestClient(t).json<{ count: number }>('/api/stats/helped')).body.count;
    };
    const ask = (client: TestClient) =>
      client.json('/api/assistant/ask', {
        method: 'POST',
        json: { question: '¿Qué es DACA?' },
        headers: { Accept: 'application/json' },
      });
    const oldGuest = new TestClient(t, '198.51.100.60');
    await ask(oldGuest);
    const ana = new TestClient(t, '198.51.100.61');
    await ana.signUp('ana@example.com');
    await ask(ana);
    expect(await count()).toBe(102);

    // Two years on: the old guest's rows go; Ana asks again, so she is still in the ledger.
    now = new Date(now.getTime() + RETENTION_MS + 60_000);
    await ask(ana);
    const purged = await purgeExpiredData(t.database.db, now);
    expect(purged.usageEvents).toBe(2);
    expect(await count()).toBe(102);

    // Ana deletes her account (signing in again: the pass also ended her old session): her rows go
    // with it, and she stays counted.
    const signIn = await ana.json('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'ana@example.com', password: 'secreto-123' },
    });
    expect(signIn.status).toBe(200);
    const deleted = await ana.json('/api/me', {
      method: 'DELETE',
      json: { confirmation: DELETION_PHRASE },
    });
    expect(deleted.status).toBe(200);
    expect(await t.database.db.select().from(schema.usageEvents)).toHaveLength(0);
    expect(await count()).toBe(102);

    await ask(new TestClient(t, '198.51.100.62'));
    expect(await count()).toBe(103);
  });
});

describe('help chat', () => {
  it('refuses an empty message and answers site questions offline, pointing immigration questions to the assistant', async () => {
    t = await createTestApp();
    const client = new TestClient(t);
    const empty = await client.json('/api/help-chat', { method: 'POST', json: { message: '   ' } });
    expect(empty).toMatchObject({ status: 400, body: { error: { message: 'Escribe tu mensaje.' } } });
    const site = await client.json<{ reply: string }>('/api/help-chat', {
      method: 'POST',
      json: { message: '¿Cómo cambio mi contraseña?' },
    });
    expect(site.body.reply).toContain('Configuración');
    const immigration = await client.json<{ reply: string }>('/api/help-chat', {
      method: 'POST',
      json: { message: '¿Cómo pido asilo?' },
    });
    expect(immigration.body.reply).toContain('asistente principal en la página Chat');
  });

  it('keeps the site-only rule in its system prompt, with gpt-4o-mini, and retries an empty reply', async () => {
    standIn = await startOpenAiStandIn([
      { kind: 'stream', chunks: [''] },
      { kind: 'stream', chunks: ['En Configuración puedes cambiar tu contraseña.'] },
    ]);
    t = await createTestApp({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: standIn.baseURL } });
    const reply = await new TestClient(t).json<{ reply: string }>('/api/help-chat', {
      method: 'POST',
      json: {
        message: '¿Cómo cambio mi contraseña?',
        history: [{ role: 'assistant', content: '¡Hola! ¿En qué te ayudo?' }],
      },
    });
    expect(reply.body.reply).toBe('En Configuración puedes cambiar tu contraseña.');
    expect(standIn.requests).toHaveLength(2);
    const body = standIn.requests[0]!.body as {
      model: string;
      temperature: number;
      max_tokens: number;
      messages: Array<{ role: string; content: string }>;
    };
    expect(body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.7, max_tokens: 500 });
    expect(body.messages[0]!.content).toContain('Solo respondes preguntas sobre cómo usar el sitio');
    expect(body.messages[0]!.content).toContain('asistente principal en la página Chat');
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: '¿Cómo cambio mi contraseña?' });
  });
});

describe('feedback:export', () => {
  it('prints both tables as CSV, refusing formula injection', async () => {
    const { execFileSync } = await import('node:child_process');
    const fs = await import('node:fs');
    const os = await import('node:os');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-'));
    try {
      const { openDatabase } = await import('../../db/client');
      const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      await handle.migrate();
      await handle.db.insert(schema.userFeedback).values({
        firstName: '=cmd',
        lastName: 'Pérez',
        email: 'l@example.com',
        message: 'Hola, "gracias"\nadiós',
      });
      await handle.db
        .insert(schema.feedback)
        .values({ ratings: { ease_of_use: 5 }, answers: { support_feedback: 'Bien' } });
      await handle.close();
      const out = execFileSync(path.resolve('node_modules/.bin/tsx'), ['scripts/feedback-export.ts'], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
        encoding: 'utf8',
      });
      expect(out).toContain('# survey');
      expect(out).toMatch(/created_at,expectations_met,.*ease_of_use/);
      expect(out).toContain(',\'=cmd,Pérez,l@example.com,"Hola, ""gracias""\nadiós"');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
