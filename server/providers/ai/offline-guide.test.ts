import { afterEach, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/client';
import { createTestApp, type TestApp } from '../../test/helpers';
import { CLARIFYING_QUESTIONS } from './offline-guide';

let t: TestApp;
afterEach(async () => t?.close());

/** Sentences, not counting the dots inside web addresses. */
function sentences(text: string): string[] {
  const withoutLinks = text.replace(/\b(?:https?:\/\/)?[\w-]+(?:\.[\w-]+)+(?:\/[\w./-]*)?/g, 'enlace');
  return withoutLinks.split(/(?<=[.!?])\s+/).filter((s) => s.trim().length > 0);
}

async function signedIn() {
  t = await createTestApp();
  const client = new TestClient(t);
  await client.signUp('ana@example.com');
  return client;
}

const ask = async (client: TestClient, question: string) =>
  (
    await client.json<{ answer: string }>('/api/assistant/ask', {
      method: 'POST',
      json: { question },
      headers: { Accept: 'application/json' },
    })
  ).body.answer;

describe('offline guide (no AI key)', () => {
  it('answers a legalization question with two clarifying questions, then 3-5 sentences naming the form', async () => {
    const client = await signedIn();
    const first = await ask(client, '¿Cómo puedo arreglar mis papeles?');
    expect(first).toBe(CLARIFYING_QUESTIONS);
    expect(first.match(/\?/g)).toHaveLength(2);

    const second = await ask(client, 'Entré con visa de turista hace 3 años y mi esposa es ciudadana.');
    const count = sentences(second).length;
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(5);
    expect(second).toMatch(/I-130|I-485/);
    expect(second).toContain('sección Documentos');
    expect(second).not.toMatch(/EE\.?\s?UU|EEUU|\bUSA\b/);
  });

  it.each([
    ['¿Cómo renuevo mi DACA?', 'I-821D'],
    ['Quiero pedir asilo, tengo miedo de volver', 'I-589'],
    ['¿Cómo pido TPS?', 'I-821'],
    ['¿Cómo saco la ciudadanía?', 'N-400'],
    ['¿Cómo saco mi permiso de trabajo?', 'I-765'],
  ])('%s names %s in 3 to 5 sentences', async (question, form) => {
    const client = await signedIn();
    const answer = await ask(client, question);
    expect(answer).toContain(form);
    expect(sentences(answer).length).toBeGreaterThanOrEqual(3);
    expect(sentences(answer).length).toBeLessThanOrEqual(5);
  });

  it('sends urgent cases to a lawyer or accredited representative', async () => {
    const client = await signedIn();
    const answer = await ask(client, 'Me llegó un aviso de comparecencia y tengo audiencia en la corte');
    expect(answer).toMatch(/abogado o representante acreditado/);
  });

  it('gives a guest one general sentence', async () => {
    t = await createTestApp();
    const answer = await ask(new TestClient(t), '¿Cómo pido asilo?');
    expect(sentences(answer)).toHaveLength(1);
  });

  it('is honest when it has nothing on the question', async () => {
    const client = await signedIn();
    const answer = await ask(client, 'xyz qwerty');
    expect(answer).toContain('No encontré información específica');
    expect(answer).toContain('1-800-375-5283');
  });
});
