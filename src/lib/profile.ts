import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { CACHE } from '@common/constants';
import { api, unwrap } from './api';

// The signed-in person's profile, plan and questions left today. Shared by the
// chrome, the chat banner and settings, hence here rather than in a feature.

export type Me = InferResponseType<typeof api.me.$get, 200>;

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: ['me'],
    queryFn: () => unwrap(api.me.$get()),
    staleTime: CACHE.profileStaleMs,
    refetchOnWindowFocus: false,
  });
}

export function useMe(enabled = true) {
  return useQuery({ ...getMeQueryOptions(), enabled });
}

/** The browser's IANA time zone; the FREE plan's day starts at its midnight. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
