import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for an OpenAI-compatible server: the real `openai` SDK is
// pointed at it. Each test scripts the answers and reads what was sent.

export type Reply =
  | { kind: 'stream'; chunks: string[]; delayMs?: number }
  | { kind: 'error'; status: number; code?: string; message?: string }
  /** The connection is cut before any answer, as a timeout or a network failure looks to the client. */
  | { kind: 'drop' };

export interface StandIn {
  baseURL: string;
  requests: Array<{ path: string; body: Record<string, unknown>; authorization: string }>;
  /** Replies used in order; the last one repeats. */
  replies: Reply[];
  close(): Promise<void>;
}

export async function startOpenAiStandIn(
  replies: Reply[] = [{ kind: 'stream', chunks: ['Hola.'] }],
): Promise<StandIn> {
  const state: StandIn = { baseURL: '', requests: [], replies, close: async () => undefined };
  let served = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', async () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      state.requests.push({ path: req.url ?? '', body, authorization: req.headers.authorization ?? '' });
      const reply = state.replies[Math.min(served++, state.replies.length - 1)]!;
      if (reply.kind === 'drop') {
        req.socket.destroy();
        return;
      }
      if (reply.kind === 'error') {
        res.writeHead(reply.status, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: reply.message ?? 'error', type: 'error', code: reply.code ?? null },
          }),
        );
        return;
      }
      if (body.stream !== true) {
        // A plain (non-streamed) completion: the chunks joined as the message.
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'c1',
            object: 'chat.completion',
            created: 0,
            model: body.model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: reply.chunks.join('') },
                finish_reason: 'stop',
              },
            ],
          }),
        );
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      for (const text of reply.chunks) {
        const chunk = {
          id: 'c1',
          object: 'chat.completion.chunk',
          created: 0,
          model: body.model,
          choices: [{ index: 0, delta: { content: text }, finish_reason: null }],
        };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      }
      res.write('data: [DONE]\n\n');
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => new Promise((r) => server.close(() => r()));
  return state;
}
