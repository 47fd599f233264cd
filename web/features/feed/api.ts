// Calls of the feed feature (DESIGN §4): the /home list, GET /api/posts with search, filters and a
// keyset cursor. The rolling feed's calls are in rolling-api.ts.
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { PostWrapper } from '../../../shared/api-types';
import type { FeedFilter } from '../../../shared/feed-filter';
import { api, retryUnlessClientError } from '../../lib/http';
import { postsQueryString } from './filters';
import { fetchFirstCover } from './first-cover';

export interface PostsPage {
  posts: PostWrapper[];
  nextCursor: string | null;
  /** What was searched instead when a word looked misspelt (decision 027). */
  correctedSearch?: string;
}

export const feedKeys = {
  list: (filter: FeedFilter) => ['feed', 'list', filter] as const,
  rolling: ['feed', 'rolling'] as const,
};

export async function fetchPosts(filter: FeedFilter, cursor: string | null, signal?: AbortSignal) {
  const page = await api<PostsPage>(`/api/posts${postsQueryString(filter, cursor)}`, { signal });
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
export const usePostsList = (filter: FeedFilter) =>
  useInfiniteQuery({ ...postsInfiniteQueryOptions(filter), placeholderData: keepPreviousData });
