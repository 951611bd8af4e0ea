import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** Who is asking (guest or user), questions left, and which model and voice the server has. */
export function getAssistantStatusQueryOptions() {
  return queryOptions({
    queryKey: ['assistant-status'],
    queryFn: () => unwrap(api.assistant.status.$get()),
    staleTime: 60_000,
  });
}

export function useAssistantStatus() {
  return useQuery(getAssistantStatusQueryOptions());
}

export function clearConversation() {
  return unwrap(api.assistant.clear.$post());
}
