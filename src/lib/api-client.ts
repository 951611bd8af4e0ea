import { isApiErrorBody, type ErrorCode } from '@common/errors';

/** An API failure carrying the server's Spanish message, ready to show. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    /** Field-level messages from validation failures. */
    readonly fields?: Record<string, string>,
    /** better-auth's own code (USER_ALREADY_EXISTS…), when the error came from it. */
    readonly authCode?: string,
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE = 'Error de conexión. Verifica tu internet e intenta nuevamente.';
const FALLBACK_MESSAGE = 'Ocurrió un error inesperado';

/** fetch for our own API: same-origin cookies, JSON in and out, errors as ApiError. */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  headers.set('Accept', headers.get('Accept') ?? 'application/json');
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }
  return readApiResponse(response) as Promise<T>;
}

/** Parses an answer of our API: JSON on success, ApiError (Spanish message) otherwise. */
export async function readApiResponse(response: Response): Promise<unknown> {
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) {
    if (isApiErrorBody(body))
      throw new ApiError(response.status, body.error.code, body.error.message, body.error.fields);
    // better-auth's answers: { code, message }, already translated by the server.
    if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
      throw new ApiError(
        response.status,
        'bad_request',
        (body as { message: string }).message,
        undefined,
        (body as { code?: string }).code,
      );
    }
    throw new ApiError(response.status, 'internal', FALLBACK_MESSAGE);
  }
  return body;
}
