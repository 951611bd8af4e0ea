// The voice path, measured end to end over HTTP: question sent → first audio
// byte at the client, and → whole answer. Stand-in providers with fixed
// latency: the model's first token after 400 ms then 30 tokens/s; speech's
// first byte after 250 ms. Compared with the spec's sequential pipeline
// (whole answer, then whole speech, then a 500 ms wait).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createTestDatabase } from '../server/db/test-databases';
import { createLogger } from '../server/lib/logger';
import { createSentenceSplitter } from '../src/features/assistant/lib/sentences';

const FIRST_TOKEN_MS = 400;
const TOKENS_PER_SECOND = 30;
const SPEECH_FIRST_BYTE_MS = 250;
const SPEECH_MS_PER_CHAR = 4;
const SEQUENTIAL_WAIT_MS = 500;

const ANSWER =
  'Para pedir asilo se usa el formulario I-589, por lo general dentro de 1 año desde tu última llegada. ' +
  'Debes mostrar que sufriste o temes persecución por tu raza, religión, nacionalidad, opinión política o grupo social. ' +
  'El formulario está en la sección Documentos de la app y en la página oficial de USCIS. ' +
  'Como es un caso serio, busca un abogado o representante acreditado; hay ayuda gratuita en la lista oficial de EOIR.';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function listen(handler: http.RequestListener): Promise<{ url: string; close: () => void }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

function tokens(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [];
}

export async function benchVoicePath(): Promise<void> {
  const model = await listen((req, res) => {
    req.resume();
    req.on('end', async () => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      await sleep(FIRST_TOKEN_MS);
      for (const token of tokens(ANSWER)) {
        res.write(
          `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 0, model: 'gpt-4o', choices: [{ index: 0, delta: { content: token }, finish_reason: null }] })}\n\n`,
        );
        await sleep(1000 / TOKENS_PER_SECOND);
      }
      res.end('data: [DONE]\n\n');
    });
  });
  const speech = await listen((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', async () => {
      const text = (JSON.parse(body) as { text: string }).text;
      await sleep(SPEECH_FIRST_BYTE_MS);
      res.writeHead(200, { 'Content-Type': 'audio/mpeg' });
      res.write(Buffer.alloc(1024));
      await sleep(text.length * SPEECH_MS_PER_CHAR);
      res.end(Buffer.alloc(1024));
    });
  });

  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: 'bench-secret-that-is-long-enough-to-use',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: `${model.url}/v1`,
    ELEVENLABS_API_KEY: 'el-bench',
    ELEVENLABS_BASE_URL: speech.url,
    DATA_DIR: '/tmp/bench-voice',
  });
  const database = await createTestDatabase();
  const { app } = buildApp({
    config,
    database,
    logger: createLogger(config),
    authSecret: config.AUTH_SECRET!,
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origin = config.publicUrl;

  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ email: 'bench@example.com', password: 'secreto-123', name: 'Bench' }),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie };

  /** Time until the first byte of audio for `text` arrives, from `start`. */
  const firstAudioByte = async (text: string, start: number) => {
    const response = await fetch(`${base}/api/assistant/speech`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ text }),
    });
    const reader = response.body!.getReader();
    await reader.read();
    const at = performance.now() - start;
    while (!(await reader.read()).done);
    return at;
  };

  // Ours: stream the answer, speak the first sentence as soon as it is complete.
  const streamed = async () => {
    const start = performance.now();
    const response = await fetch(`${base}/api/assistant/ask`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ question: '¿Cómo pido asilo?' }),
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const splitter = createSentenceSplitter();
    let firstAudio: Promise<number> | undefined;
    let buffer = '';
    let full = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as { text?: string };
        if (block.startsWith('event: delta') && data.text) {
          const [sentence] = splitter.push(data.text);
          if (sentence && !firstAudio) firstAudio = firstAudioByte(sentence, start);
        }
        if (block.startsWith('event: done')) full = performance.now() - start;
      }
    }
    return { firstAudio: await firstAudio!, full };
  };

  // The spec's: whole answer, then the whole answer's speech, then 500 ms.
  const sequential = async () => {
    const start = performance.now();
    const response = await fetch(`${base}/api/assistant/ask`, {
      method: 'POST',
      headers: { ...headers, Accept: 'application/json' },
      body: JSON.stringify({ question: '¿Cómo pido asilo?' }),
    });
    const { answer } = (await response.json()) as { answer: string };
    const full = performance.now() - start;
    const audio = await fetch(`${base}/api/assistant/speech`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ text: answer.slice(0, 1500) }),
    });
    await audio.arrayBuffer();
    await sleep(SEQUENTIAL_WAIT_MS);
    return { firstAudio: performance.now() - start, full };
  };

  const runs = 3;
  const ours: Array<{ firstAudio: number; full: number }> = [];
  const theirs: Array<{ firstAudio: number; full: number }> = [];
  for (let i = 0; i < runs; i++) {
    ours.push(await streamed());
    theirs.push(await sequential());
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const o = { firstAudio: median(ours.map((r) => r.firstAudio)), full: median(ours.map((r) => r.full)) };
  const s = { firstAudio: median(theirs.map((r) => r.firstAudio)), full: median(theirs.map((r) => r.full)) };

  console.log(
    '\nVoice path (median of %d runs; model first token %d ms then %d tokens/s; speech first byte %d ms)',
    runs,
    FIRST_TOKEN_MS,
    TOKENS_PER_SECOND,
    SPEECH_FIRST_BYTE_MS,
  );
  console.table({
    'streamed (ours)': {
      'first audio byte (ms)': Math.round(o.firstAudio),
      'whole answer (ms)': Math.round(o.full),
    },
    'sequential (spec)': {
      'first audio byte (ms)': Math.round(s.firstAudio),
      'whole answer (ms)': Math.round(s.full),
    },
  });
  console.log(
    `first audio after the model's first token: ${Math.round(o.firstAudio - FIRST_TOKEN_MS)} ms (goal ≤ 1000 ms)`,
  );
  console.log(`first audio ${(s.firstAudio / o.firstAudio).toFixed(1)}× sooner than sequential (goal ≥ 3×)`);

  server.close();
  model.close();
  speech.close();
  await database.close();
}
