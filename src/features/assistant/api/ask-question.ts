import { ApiError, readApiResponse } from '@/lib/api-client';

export interface AskResult {
  answer: string;
  chatId: string | null;
  remaining: number | null;
}

const NETWORK_MESSAGE = 'Error al enviar el mensaje';

/**
 * Sends a question and reads the answer as it streams (server-sent events):
 * `onDelta` gets each piece of text; the promise resolves with the whole answer.
 */
export async function askQuestion(
  question: string,
  { onDelta, signal }: { onDelta: (text: string) => void; signal?: AbortSignal },
): Promise<AskResult> {
  let response: Response;
  try {
    response = await fetch('/api/assistant/ask', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({ question }),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }
  if (!response.ok || !response.body) {
    await readApiResponse(response);
    throw new ApiError(response.status, 'internal', NETWORK_MESSAGE);
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (!data) continue;
      const payload = JSON.parse(data) as { text?: string; code?: string; message?: string } & AskResult;
      if (event === 'delta' && payload.text) onDelta(payload.text);
      else if (event === 'done') return payload;
      else if (event === 'error') {
        throw new ApiError(502, 'provider_error', payload.message ?? NETWORK_MESSAGE);
      }
    }
  }
  throw new ApiError(0, 'network', NETWORK_MESSAGE);
}
