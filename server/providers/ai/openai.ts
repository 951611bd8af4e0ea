import OpenAI from 'openai';
import type { AnswerInput, AssistantModel } from './index';
import { mapAiError, retryDelayMs } from './errors';

export const MAIN_MODEL_SETTINGS = { temperature: 0.7, max_tokens: 500 } as const;
export const RATE_LIMIT_ATTEMPTS = 3;

export interface OpenAiOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createOpenAiClient(options: { apiKey: string; baseURL?: string }): OpenAI {
  // Our own retry rule (SPEC.md §7: 2 s after a 429, 3 attempts) replaces the SDK's.
  return new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 0, timeout: 60_000 });
}

/**
 * Calls `start` up to 3 times (SPEC.md §7-§9): after a 429 that is not a quota
 * error it waits 2 s; after a timeout, a lost connection, 408, 409 or 5xx it
 * waits 0.5 s, then 1 s. Every other failure is final at once.
 */
export async function withRetry<T>(start: () => Promise<T>, sleep = realSleep): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      const wait = retryDelayMs(error, attempt);
      if (attempt >= RATE_LIMIT_ATTEMPTS || wait === null) throw mapAiError(error);
      await sleep(wait);
    }
  }
}

/** Any OpenAI-compatible chat completions server (OpenAI, Ollama, vLLM, llama.cpp). */
export function createOpenAiModel(options: OpenAiOptions): AssistantModel {
  const client = createOpenAiClient(options);
  return {
    name: 'openai',
    async *streamAnswer(input: AnswerInput) {
      const stream = await withRetry(
        () =>
          client.chat.completions.create(
            {
              model: options.model,
              ...MAIN_MODEL_SETTINGS,
              stream: true,
              messages: [
                { role: 'system', content: input.system },
                ...input.history.map((turn) => ({ role: turn.role, content: turn.content })),
                { role: 'user', content: input.question },
              ],
            },
            { signal: input.signal },
          ),
        options.sleep,
      );
      try {
        for await (const chunk of stream) {
          const text = chunk.choices[0]?.delta?.content;
          if (text) yield text;
        }
      } catch (error) {
        throw mapAiError(error);
      }
    },
  };
}
