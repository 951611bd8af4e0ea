import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { CACHE } from '@common/constants';
import { apiFetch } from '@/lib/api-client';
import type { Auth } from '../../server/features/auth/auth';

// The session, read from better-auth's cookie through our own API. Shared by
// the chrome, the guard and every feature, hence here rather than in a feature.

export type Session = Auth['$Infer']['Session'];

/** better-auth answers `null` when there is no session. */
export function getSession(): Promise<Session | null> {
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
