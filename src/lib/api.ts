import { hc, type ClientResponse } from 'hono/client';
import type { ApiType } from '../../server/app';
import { ApiError, readApiResponse } from './api-client';

/** Typed client of our own API: paths, inputs and answers come from the server's routes. */
export const api = hc<ApiType>('/api', {
  init: { credentials: 'same-origin' },
  headers: { Accept: 'application/json' },
});

/** Awaits an RPC call and returns its JSON, or throws ApiError with the server's Spanish message. */
export async function unwrap<T>(call: Promise<ClientResponse<T>>): Promise<T> {
  let response: ClientResponse<T>;
  try {
    response = await call;
  } catch {
    throw new ApiError(0, 'network', 'Error de conexión. Verifica tu internet e intenta nuevamente.');
  }
  return readApiResponse(response as unknown as Response) as Promise<T>;
}
