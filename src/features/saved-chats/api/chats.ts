import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { apiFetch } from '@/lib/api-client';

export type SavedChat = InferResponseType<typeof api.chats.$get, 200>['chats'][number];

export function getSavedChatsQueryOptions() {
  return queryOptions({
    queryKey: ['saved-chats'],
    queryFn: async () => (await unwrap(api.chats.$get())).chats,
  });
}

export function useSavedChats() {
  return useQuery(getSavedChatsQueryOptions());
}

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isFavorite }: { id: string; isFavorite: boolean }) =>
      apiFetch<{ chat: SavedChat }>(`/api/chats/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: JSON.stringify({ is_favorite: isFavorite }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSavedChatsQueryOptions().queryKey }),
  });
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.chats[':id'].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSavedChatsQueryOptions().queryKey }),
  });
}

/** Puts the exchange back as the conversation's context on the server, for /chat. */
export function reopenChat(id: string) {
  return unwrap(api.chats[':id'].reopen.$post({ param: { id } }));
}
