import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../common/errors';

/**
 * The one error type of the server. `message` is shown to the user (Spanish,
 * from SPEC.md §8 where it names one); `logMessage` is for operators only.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    readonly status: ContentfulStatusCode,
    message: string,
    readonly options: {
      logMessage?: string;
      fields?: Record<string, string>;
      /** Seconds, sent as Retry-After on 429. */
      retryAfter?: number;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
  }
}

export const GENERIC_ERROR_MESSAGE = 'Ocurrió un error inesperado. Por favor, inténtalo de nuevo.';
export const NOT_FOUND_MESSAGE = 'No encontramos lo que buscas.';
export const BAD_REQUEST_MESSAGE = 'La solicitud no es válida.';
export const PAYLOAD_TOO_LARGE_MESSAGE = 'La solicitud es demasiado grande.';
export const UPLOAD_TOO_LARGE_MESSAGE = 'El archivo no puede exceder 10MB';
export const INVALID_CHARACTERS_MESSAGE =
  'El texto tiene caracteres que no se pueden usar. Revísalo e inténtalo de nuevo.';
