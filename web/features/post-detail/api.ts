// Calls of the post-detail feature (DESIGN §4): one post with its images, GET /api/posts/{postId}.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostWrapper } from '../../../shared/api-types';
import { call } from '../../lib/client';
import { retryUnlessClientError } from '../../lib/http';

export const postDetailKeys = {
  detail: (postId: number) => ['post-detail', postId] as const,
};

export const fetchPost = (postId: number, signal?: AbortSignal) =>
  call('post', { params: { postId } }, { signal });

export const postQueryOptions = (postId: number) =>
  queryOptions({
    queryKey: postDetailKeys.detail(postId),
    queryFn: ({ signal }) => fetchPost(postId, signal),
    retry: retryUnlessClientError,
  });

/**
 * One post with its images. `preview` (the card's wrapper, already on screen) shows at once while the
 * full post loads, so opening a card never flashes a spinner. The card does not know when the seller
 * joined: `memberSince` is '' until the post arrives (the trust line waits for it).
 */
export function usePost(postId: number, preview?: PostWrapper, enabled = true) {
  return useQuery({
    ...postQueryOptions(postId),
    enabled,
    placeholderData: preview
      ? { ...preview, images: preview.cover ? [preview.cover] : [], memberSince: '', expired: false }
      : undefined,
  });
}
