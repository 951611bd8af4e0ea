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

export const UNAVAILABLE_MESSAGE =
  'El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.';

/** Codes of a database that cannot be reached (network, or PostgreSQL refusing connections). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection error|PGlite is closed/i;

/**
 * Whether an error means the database is out of reach, rather than a bug: the
 * answer is then 503 with Retry-After, which clients and balancers know to retry.
 * Drizzle wraps the driver's error, and pg may give an AggregateError (IPv4 and IPv6).
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (UNREACHABLE_CODES.has(code)) return true;
    // SQLSTATE class 08 (connection exception), 57P01-03 (shutting down, cannot connect now), 53300 (too many connections).
    if (/^08|^57P0[123]$|^53300$/.test(code)) return true;
  }
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true;
  return isDatabaseUnreachable(cause, depth + 1);
}
