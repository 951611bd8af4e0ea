import type { Config } from '../../config';
import type { Match } from '../../knowledge/index';
import { createOfflineGuide } from './offline-guide';
import { createOpenAiModel } from './openai';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AnswerInput {
  question: string;
  /** Earlier turns of this conversation, oldest first. */
  history: ChatTurn[];
  /** Guests get one general sentence (SPEC.md §1). */
  audience: 'guest' | 'user';
  /** The persona and rules, for models that take instructions. */
  system: string;
  /** Knowledge-base topics that match the question (the offline guide answers from them). */
  matches: Match[];
  signal?: AbortSignal;
}

export interface AssistantModel {
  readonly name: 'openai' | 'offline-guide';
  /** The answer, piece by piece as it is produced. Throws AppError with a §8 message. */
  streamAnswer(input: AnswerInput): AsyncIterable<string>;
}

export interface ModelOptions {
  /** Waits between attempts; tests pass fake timers through it. */
  sleep?: (ms: number) => Promise<void>;
}

export function createAssistantModel(config: Config, options: ModelOptions = {}): AssistantModel {
  if (config.OPENAI_API_KEY) {
    return createOpenAiModel({
      apiKey: config.OPENAI_API_KEY,
      baseURL: config.OPENAI_BASE_URL,
      model: config.AI_MODEL,
      sleep: options.sleep,
    });
  }
  return createOfflineGuide();
}
