import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { CACHE } from '@common/constants';
import { api, unwrap } from '@/lib/api';

export type OfficialForm = InferResponseType<typeof api.forms.$get, 200>['forms'][number];

/** SPEC.md §9: the documents list is never cached. */
export function getFormsQueryOptions() {
  return queryOptions({
    queryKey: ['forms'],
    queryFn: async () => (await unwrap(api.forms.$get())).forms,
    staleTime: CACHE.documentsStaleMs,
    refetchOnMount: 'always',
  });
}

export function useForms() {
  return useQuery(getFormsQueryOptions());
}

export function formDownloadLink(id: string) {
  return unwrap(api.forms[':id'].download.$post({ param: { id } }));
}
