import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import * as schema from '../../db/schema/index';
import { createLogger } from '../../lib/logger';
import { TestClient } from '../../test/client';
import { createTestApp, TEST_SECRET, type TestApp } from '../../test/helpers';
import { ChatListCache } from './chat-list';
import { startOpenAiStandIn, type StandIn } from '../../test/openai-stand-in';
import { chatTitle } from './saved-chats.service';

let t: TestApp;
let standIn: StandIn | undefined;
afterEach(async () => {
  await t?.close();
  await standIn?.close();
  standIn = undefined;
});

interface Chat {
  id: string;
  title: string;
  question: string;
  answer: string;
  category: string;
  is_favorite: boolean;
  created_at: string;
}

const save = (client: TestClient, question: string, answer = 'Una respuesta.') =>
  client.json<{ chat: Chat }>('/api/chats', { method: 'POST', json: { question, answer } });
const list = async (client: TestClient) => (await client.json<{ chats: Chat[] }>('/api/chats')).body.chats;

describe('saved chats API', () => {
  it("lists, favourites and deletes only the owner's chats; another user gets 404", async () => {
    t = await createTestApp();
    const ana = new TestClient(t);
    await ana.signUp('ana@example.com');
    const luis = new TestClient(t);
    await luis.signUp('luis@example.com');

    const first = (await save(ana, 'Primera pregunta')).body.chat;
    const second = (await save(ana, 'Segunda pregunta')).body.chat;
    await save(luis, 'Pregunta de Luis');

    const anas = await list(ana);
    expect(anas.map((c) => c.question)).toEqual(['Segunda pregunta', 'Primera pregunta']);
    expect(Object.keys(anas[0]!).sort()).toEqual([
      'answer',
      'category',
      'created_at',
      'id',
      'is_favorite',
      'question',
      'title',
    ]);
    expect((await list(luis)).map((c) => c.question)).toEqual(['Pregunta de Luis']);

    const steal = await luis.json(`/api/chats/${first.id}`, { method: 'PATCH', json: { is_favorite: true } });
    expect(steal).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found', message: 'No encontramos esa conversación.' } },
    });
    expect((await luis.json(`/api/chats/${first.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await luis.json(`/api/chats/${first.id}/reopen`, { method: 'POST' })).status).toBe(404);
    expect((await ana.json('/api/chats/no-es-un-id', { method: 'DELETE' })).status).toBe(404);
    expect((await new TestClient(t).json('/api/chats')).status).toBe(401);

    const favourite = await ana.json<{ chat: Chat }>(`/api/chats/${first.id}`, {
      method: 'PATCH',
      json: { is_favorite: true },
    });
    expect(favourite.body.chat.is_favorite).toBe(true);
    expect((await list(ana)).find((c) => c.id === first.id)?.is_favorite).toBe(true);

    expect((await ana.json(`/api/chats/${second.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await list(ana)).map((c) => c.id)).toEqual([first.id]);
    expect(await t.database.db.select().from(schema.savedChats)).toHaveLength(2);
  });

  it('titles a chat with the first 50 characters of the question, "..." when longer', async () => {
    expect(chatTitle('¿Cómo pido asilo?')).toBe('¿Cómo pido asilo?');
    const long = 'Quiero saber cómo puedo pedir a mi esposa que vive en México desde hace años';
    expect(chatTitle(long)).toBe(`${long.slice(0, 50)}...`);
    expect(chatTitle('x'.repeat(50))).toBe('x'.repeat(50));
    t = await createTestApp();
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    expect((await save(client, long)).body.chat.title).toBe(`${long.slice(0, 50)}...`);
  });

  it('refuses an empty save with the §5 message', async () => {
    t = await createTestApp();
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    const empty = await client.json('/api/chats', { method: 'POST', json: { question: ' ', answer: '' } });
    expect(empty).toMatchObject({
      status: 400,
      body: { error: { message: 'No hay mensajes para guardar' } },
    });
  });

  it('categorizes from the knowledge base without a key: DACA → residencia, asylum → asilo, work permit → trabajo', async () => {
    t = await createTestApp();
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    expect((await save(client, '¿Cuándo debo renovar mi DACA?')).body.chat.category).toBe('residencia');
    expect((await save(client, 'Quiero pedir asilo porque me amenazaron')).body.chat.category).toBe('asilo');
    expect((await save(client, '¿Cómo saco un permiso de trabajo?')).body.chat.category).toBe('trabajo');
    expect((await save(client, 'Hola, ¿qué tal?')).body.chat.category).toBe('otros');
  });

  it('asks the model for the category when a key is set, and falls back to keywords on nonsense', async () => {
    standIn = await startOpenAiStandIn([{ kind: 'stream', chunks: ['x'] }]);
    t = await createTestApp({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: standIn.baseURL } });
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    // The stand-in streams; a non-streaming call reads it as an unusable answer → keywords.
    const saved = (await save(client, '¿Cómo saco un permiso de trabajo?')).body.chat;
    expect(saved.category).toBe('trabajo');
    const request = standIn.requests[0]!;
    expect(request.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0 });
  });

  it('reopening puts the exchange back as context for the next question', async () => {
    t = await createTestApp();
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    const chat = (
      await save(
        client,
        '¿Cómo puedo arreglar mis papeles?',
        'Para orientarte mejor necesito saber dos cosas. ¿Cómo entraste?',
      )
    ).body.chat;
    await client.json(`/api/chats/${chat.id}/reopen`, { method: 'POST' });
    const turns = await t.database.db.select().from(schema.conversationTurns);
    expect(turns.map((turn) => turn.role)).toEqual(['user', 'assistant']);
    // The offline guide sees its own clarifying questions and now answers them.
    const next = await client.json<{ answer: string }>('/api/assistant/ask', {
      method: 'POST',
      json: { question: 'Entré con visa y mi esposo es ciudadano' },
      headers: { Accept: 'application/json' },
    });
    expect(next.body.answer).toMatch(/I-130|I-485/);
  });
});

describe('the chat list cache', () => {
  const versionOf = async (userId: string) =>
    (
      await t.database.db
        .select({ version: schema.profiles.chatsVersion })
        .from(schema.profiles)
        .where(eq(schema.profiles.id, userId))
    )[0]?.version;

  it('follows every change, whichever instance or job makes it', async () => {
    t = await createTestApp();
    // A second instance over the same database, with its own cache.
    const other = {
      app: buildApp({
        config: t.config,
        database: t.database,
        logger: createLogger(t.config),
        authSecret: TEST_SECRET,
      }).app,
      config: t.config,
    };
    const ana = new TestClient(t);
    await ana.signUp('ana@example.com');
    const anaThere = ana.on(other);
    const userId = (await ana.json<{ profile: { id: string } }>('/api/me')).body.profile.id;

    const first = (await save(ana, 'Primera pregunta')).body.chat;
    await save(ana, 'Segunda pregunta');
    expect((await list(anaThere)).map((c) => c.question)).toEqual(['Segunda pregunta', 'Primera pregunta']);
    const version = await versionOf(userId);
    // Read again with nothing changed: the same list (now from the cache) and the same version.
    expect((await list(anaThere)).map((c) => c.question)).toEqual(['Segunda pregunta', 'Primera pregunta']);
    expect(await versionOf(userId)).toBe(version);

    await ana.json(`/api/chats/${first.id}`, { method: 'PATCH', json: { is_favorite: true } });
    expect((await list(anaThere)).find((c) => c.id === first.id)?.is_favorite).toBe(true);
    await ana.json(`/api/chats/${first.id}`, { method: 'DELETE' });
    expect((await list(anaThere)).map((c) => c.question)).toEqual(['Segunda pregunta']);

    // Written straight to the database, as the retention job does: one statement, one version step.
    await t.database.db.insert(schema.savedChats).values(
      ['Tercera', 'Cuarta'].map((question) => ({
        userId,
        question,
        title: question,
        answer: 'Respuesta.',
      })),
    );
    expect(await versionOf(userId)).toBe((version ?? 0) + 3);
    expect((await list(anaThere)).map((c) => c.question).sort()).toEqual([
      'Cuarta',
      'Segunda pregunta',
      'Tercera',
    ]);
    await t.database.db.delete(schema.savedChats).where(eq(schema.savedChats.userId, userId));
    expect(await list(anaThere)).toEqual([]);
  });

  it('sends a long list gzipped to a client that accepts it, and never lets browsers keep it', async () => {
    t = await createTestApp();
    const ana = new TestClient(t);
    await ana.signUp('ana@example.com');
    for (let i = 0; i < 5; i++) await save(ana, `Pregunta ${i}`, 'Una respuesta larga. '.repeat(40));

    const plain = await ana.request('/api/chats');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Cache-Control')).toBe('private, no-store');
    const text = await plain.text();
    expect((JSON.parse(text) as { chats: Chat[] }).chats).toHaveLength(5);

    const zipped = await ana.request('/api/chats', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(zipped.headers.get('Vary')).toBe('Accept-Encoding');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(Buffer.byteLength(text) / 4);
    expect(gunzipSync(bytes).toString()).toBe(text);
  });
});

describe('ChatListCache', () => {
  const bytes = (n: number) => Buffer.alloc(n, 'a');

  it('keeps one list per person, at the version it was read at', () => {
    const cache = new ChatListCache(1000);
    cache.set('ana', 1, bytes(100));
    expect(cache.get('ana', 1)?.json.length).toBe(100);
    expect(cache.get('ana', 2)).toBeUndefined();
    cache.set('ana', 2, bytes(200));
    expect(cache.get('ana', 1)).toBeUndefined();
    expect(cache.size).toEqual({ entries: 1, bytes: 200 });
  });

  it('stays within its bytes, dropping the least recently read first, and keeps nothing too big', async () => {
    const cache = new ChatListCache(1000);
    cache.set('ana', 1, bytes(400));
    cache.set('luis', 1, bytes(400));
    cache.get('ana', 1);
    cache.set('eva', 1, bytes(400));
    expect(cache.get('luis', 1)).toBeUndefined();
    expect(cache.get('ana', 1)).toBeDefined();
    expect(cache.size).toEqual({ entries: 2, bytes: 800 });

    const zipped = await cache.gzipped('ana', cache.get('ana', 1)!);
    expect(cache.size.bytes).toBe(800 + zipped.length);

    expect(cache.set('big', 1, bytes(1001)).json.length).toBe(1001);
    expect(cache.get('big', 1)).toBeUndefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(1000);
  });
});
