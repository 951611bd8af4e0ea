import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { CACHE } from '@common/constants';
import { apiFetch, readApiResponse } from '@/lib/api-client';
import type { Auth } from '../../server/features/auth/auth';

// The session, read from better-auth's cookie through our own API. Shared by
// the chrome, the guard and every feature, hence here rather than in a feature.

export type Session = Auth['$Infer']['Session'];

declare global {
  interface Window {
    /** The first session check, started by src/boot.js with the HTML. */
    __sessionRequest?: Promise<Response>;
  }
}

/** better-auth answers `null` when there is no session. */
export function getSession(): Promise<Session | null> {
  // The page's first check reuses the request started with the HTML; later ones ask again.
  const early = typeof window === 'undefined' ? undefined : window.__sessionRequest;
  if (early) {
    window.__sessionRequest = undefined;
    return early.then(
      (response) => readApiResponse(response) as Promise<Session | null>,
      () => apiFetch<Session | null>('/api/auth/get-session'),
    );
  }
  return apiFetch<Session | null>('/api/auth/get-session');
}

export function getSessionQueryOptions() {
  return queryOptions({
    queryKey: ['session'],
    queryFn: getSession,
    staleTime: CACHE.profileStaleMs,
    refetchOnWindowFocus: false,
  });
}

export function useSession() {
  return useQuery(getSessionQueryOptions());
}

export function signOut(): Promise<unknown> {
  return apiFetch('/api/auth/sign-out', { method: 'POST', body: '{}' });
}

/** Forgets the session and everything cached for the person who just left. */
export function clearSessionCache(queryClient: QueryClient): void {
  queryClient.setQueryData(getSessionQueryOptions().queryKey, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
}

/**
 * Ends the session on the server. The caller leaves any private page first and
 * then calls clearSessionCache, so the guard never sees its page signed out.
 */
export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
