import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/** SPEC.md §9 caching: no refetch on window focus; each query sets its own staleTime. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
