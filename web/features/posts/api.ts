// Calls of the posts feature (DESIGN §4): the /home list (GET /api/posts with search, filters and a
// keyset cursor) and one post with its images (GET /api/posts/{postId}).
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { PostDetail, PostWrapper } from '../../../shared/api-types';
import { ApiError, api } from '../../lib/http';
import { type PostFilters, postsQueryString } from './filters';

export interface PostsPage {
  posts: PostWrapper[];
  nextCursor: string | null;
}

export const postsKeys = {
  all: ['posts'] as const,
  lists: () => ['posts', 'list'] as const,
  list: (filters: PostFilters) => ['posts', 'list', filters] as const,
  detail: (postId: number) => ['posts', 'detail', postId] as const,
};

export const fetchPosts = (filters: PostFilters, cursor: string | null, signal?: AbortSignal) =>
  api<PostsPage>(`/api/posts${postsQueryString(filters, cursor)}`, { signal });

export const fetchPost = (postId: number, signal?: AbortSignal) =>
  api<PostDetail>(`/api/posts/${postId}`, { signal });

/** A client error (400, 404) will not change on retry; a network or server error may. */
const retryServerErrors = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

export const postsInfiniteQueryOptions = (filters: PostFilters) =>
  infiniteQueryOptions({
    queryKey: postsKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchPosts(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: retryServerErrors,
  });

/** The list for `filters`; while a new search loads, the previous results stay on screen. */
export const usePostsList = (filters: PostFilters) =>
  useInfiniteQuery({ ...postsInfiniteQueryOptions(filters), placeholderData: keepPreviousData });

export const postQueryOptions = (postId: number) =>
  queryOptions({
    queryKey: postsKeys.detail(postId),
    queryFn: ({ signal }) => fetchPost(postId, signal),
    retry: retryServerErrors,
  });

/**
 * One post with its images. `preview` (the card's wrapper, already on screen) shows at once while the
 * full post loads, so opening a card never flashes a spinner.
 */
export function usePost(postId: number, preview?: PostWrapper, enabled = true) {
  return useQuery({
    ...postQueryOptions(postId),
    enabled,
    placeholderData: preview ? { ...preview, images: preview.cover ? [preview.cover] : [] } : undefined,
  });
}
