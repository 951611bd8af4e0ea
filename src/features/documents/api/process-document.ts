import { useMutation } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { api } from '@/lib/api';
import { ApiError, readApiResponse } from '@/lib/api-client';

export type LetterResult = InferResponseType<(typeof api.documents.process)['$post'], 200>;

export async function processDocument(file: File): Promise<LetterResult> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/documents/process', { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network', 'network');
  }
  const result = await readApiResponse(response);
  if (typeof result !== 'object' || result === null)
    throw new ApiError(502, 'internal', 'Respuesta inválida del servidor');
  return result as LetterResult;
}

export function useProcessDocument() {
  return useMutation({ mutationFn: processDocument });
}
