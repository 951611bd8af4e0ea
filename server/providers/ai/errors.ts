import OpenAI from 'openai';
import { AppError } from '../../lib/errors';

// SPEC.md §8, "AI and voice".
export const AI_MESSAGES = {
  invalidKey: 'API key inválida. Por favor, contacta al administrador.',
  quota: 'La cuota de API se ha agotado. Por favor, contacta al administrador.',
  rateLimited: 'Se ha excedido el límite de solicitudes. Por favor, intenta más tarde.',
  other: 'Hubo un error al procesar tu pregunta. Por favor, inténtalo de nuevo.',
} as const;

function errorCode(error: InstanceType<typeof OpenAI.APIError>): string | undefined {
  const code = error.code ?? (error.error as { code?: string } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The client library's backoff (SPEC.md §9): 0.5 s, doubling. */
const BACKOFF_START_MS = 500;
/** After a 429 (SPEC.md §7). */
export const RATE_LIMIT_WAIT_MS = 2000;

/**
 * How long to wait before trying again after `error` on attempt `attempt`, or
 * null when trying again cannot help (a bad key, a spent quota, a bad request,
 * a person who left).
 */
export function retryDelayMs(error: unknown, attempt: number): number | null {
  if (error instanceof OpenAI.APIUserAbortError) return null;
  const backoff = BACKOFF_START_MS * 2 ** (attempt - 1);
  // Timeouts and lost connections (APIConnectionTimeoutError is one of these).
  if (error instanceof OpenAI.APIConnectionError) return backoff;
  if (!(error instanceof OpenAI.APIError)) return null;
  if (error.status === 429) return errorCode(error) === 'insufficient_quota' ? null : RATE_LIMIT_WAIT_MS;
  if (error.status === 408 || error.status === 409 || (error.status ?? 0) >= 500) return backoff;
  return null;
}

/** A provider failure as our AppError with the §8 message; the detail goes to the log only. */
export function mapAiError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof OpenAI.APIError) {
    const code = errorCode(error);
    const log = `AI provider answered ${error.status ?? 'no status'} ${code ?? ''}`.trim();
    if (code === 'invalid_api_key' || error.status === 401) {
      return new AppError('provider_error', 502, AI_MESSAGES.invalidKey, { logMessage: log, cause: error });
    }
    if (code === 'insufficient_quota') {
      return new AppError('provider_error', 502, AI_MESSAGES.quota, { logMessage: log, cause: error });
    }
    if (error.status === 429) {
      return new AppError('rate_limited', 429, AI_MESSAGES.rateLimited, { logMessage: log, cause: error });
    }
    return new AppError('provider_error', 502, AI_MESSAGES.other, { logMessage: log, cause: error });
  }
  return new AppError('provider_error', 502, AI_MESSAGES.other, {
    logMessage: 'AI provider failed',
    cause: error,
  });
}
