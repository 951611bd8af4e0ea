import { afterEach, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index';
import { TestClient } from '../../test/client';
import { createTestApp, type TestApp } from '../../test/helpers';
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
