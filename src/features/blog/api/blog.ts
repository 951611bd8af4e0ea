import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { CACHE } from '@common/constants';
import { api, unwrap } from '@/lib/api';

export type PostSummary = InferResponseType<typeof api.blog.$get, 200>['posts'][number];

// SPEC.md §9: blog queries are cached 5 minutes, no refetch on focus.
export const getPostsQueryOptions = () =>
  queryOptions({
    queryKey: ['blog', 'list'],
    queryFn: async () => (await unwrap(api.blog.$get())).posts,
    staleTime: CACHE.blogStaleMs,
  });
export const getFeaturedQueryOptions = () =>
  queryOptions({
    queryKey: ['blog', 'featured'],
    queryFn: async () => (await unwrap(api.blog.featured.$get())).post,
    staleTime: CACHE.blogStaleMs,
  });
export const getPostQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['blog', 'post', slug],
    queryFn: async () => (await unwrap(api.blog[':slug'].$get({ param: { slug } }))).post,
    staleTime: CACHE.blogStaleMs,
  });

export const usePosts = () => useQuery(getPostsQueryOptions());
export const useFeaturedPost = () => useQuery(getFeaturedQueryOptions());
export const usePost = (slug: string) => useQuery(getPostQueryOptions(slug));
