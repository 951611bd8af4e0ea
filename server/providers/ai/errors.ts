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

export function isRetryableRateLimit(error: unknown): boolean {
  return (
    error instanceof OpenAI.APIError && error.status === 429 && errorCode(error) !== 'insufficient_quota'
  );
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
