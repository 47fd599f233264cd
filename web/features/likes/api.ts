// The like calls (spec §7) and the batched card engagement (DESIGN §4). A toggle is optimistic: the
// cached status flips at once and goes back if the server refuses; likes fail silently (spec §8), so a
// failure is only logged, as 'HTTP {status}: {body}'.
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Engagement, LikeStatus } from '../../../shared/api-types';
import { call } from '../../lib/client';
import { httpErrorText } from '../../lib/http';

export const likesKeys = {
  status: (postId: number) => ['likes', 'status', postId] as const,
  /** One card's like and comment counts (use-card-engagement.ts fills them in batches). */
  card: (postId: number) => ['likes', 'card', postId] as const,
};

export const fetchLikeStatus = (postId: number, signal?: AbortSignal) =>
  call('likeStatus', { params: { postId } }, { signal });

export const toggleLike = (postId: number) => call('toggleLike', { params: { postId } });

/** At most 50 ids a call (the server's limit); callers chunk. */
export const fetchEngagementBatch = (postIds: readonly number[], signal?: AbortSignal) =>
  call('engagementBatch', { query: { postIds: postIds.join(',') } }, { signal });

export const likeStatusQueryOptions = (postId: number) =>
  queryOptions({
    queryKey: likesKeys.status(postId),
    queryFn: ({ signal }) =>
      fetchLikeStatus(postId, signal).catch((error: unknown) => {
        // Silent (spec §8): the button stays disabled; only logged.
        if (!signal.aborted) console.warn(`Like status failed: ${httpErrorText(error)}`);
        throw error;
      }),
  });

/** Applies a change to one post's card counts, if the cards have them. */
export function patchCardEngagement(
  queryClient: QueryClient,
  postId: number,
  patch: (current: Engagement) => Engagement,
) {
  queryClient.setQueryData<Engagement>(likesKeys.card(postId), (current) =>
    current ? patch(current) : current,
  );
}

/**
 * Likes or unlikes a post. The status flips in the cache before the call and is restored if it fails;
 * the server's answer (the exact count) then replaces the guess, and the cards' counts follow it.
 */
export function useToggleLike(postId: number) {
  const queryClient = useQueryClient();
  const key = likesKeys.status(postId);
  return useMutation({
    mutationFn: () => toggleLike(postId),
    // Never paused for a lost connection with the guess on screen (issue 34): a call that cannot go
    // fails, and the status goes back to what the server has.
    networkMode: 'always',
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<LikeStatus>(key);
      if (previous) {
        const isLiked = !previous.isLiked;
        queryClient.setQueryData<LikeStatus>(key, {
          ...previous,
          isLiked,
          likeCount: Math.max(0, previous.likeCount + (isLiked ? 1 : -1)),
          reactionType: isLiked ? 'like' : null,
        });
      }
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      console.warn(`Like failed: ${httpErrorText(error)}`);
    },
    onSuccess: ({ isLiked, likeCount, reactionType }) => {
      queryClient.setQueryData<LikeStatus>(key, { success: true, isLiked, likeCount, reactionType });
      patchCardEngagement(queryClient, postId, (current) => ({ ...current, isLiked, likeCount }));
    },
  });
}
