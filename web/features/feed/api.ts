// Calls of the feed feature (DESIGN §4): the /home list, GET /api/posts with search, filters and a
// keyset cursor. The rolling feed's calls are in rolling-api.ts.
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Answer } from '../../../shared/contract';
import type { FeedFilter } from '../../../shared/feed-filter';
import { call } from '../../lib/client';
import { fetchFirstCover } from '../../lib/first-cover';
import { retryUnlessClientError } from '../../lib/http';
import { postsQuery } from './filters';

/** A /home page: its posts, the next cursor and, when a word looked misspelt, what was searched. */
export type PostsPage = Answer<'posts'>;

export const feedKeys = {
  list: (filter: FeedFilter) => ['feed', 'list', filter] as const,
  rolling: ['feed', 'rolling'] as const,
};

export async function fetchPosts(filter: FeedFilter, cursor: string | null, signal?: AbortSignal) {
  const page = await call('posts', { query: postsQuery(filter, cursor) }, { signal });
  if (cursor === null) fetchFirstCover(page.posts);
  return page;
}

export const postsInfiniteQueryOptions = (filter: FeedFilter) =>
  infiniteQueryOptions({
    queryKey: feedKeys.list(filter),
    queryFn: ({ pageParam, signal }) => fetchPosts(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: retryUnlessClientError,
  });

/** The list for `filter`; while a new search loads, the previous results stay on screen. */
export const usePostsList = (filter: FeedFilter, enabled = true) =>
  useInfiniteQuery({ ...postsInfiniteQueryOptions(filter), placeholderData: keepPreviousData, enabled });
