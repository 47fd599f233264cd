// The comment calls (spec §7): a post's comments newest first (keyset pages of 50), their count, and
// create, edit and delete. Failures reach the caller as ApiError ('HTTP {status}: {body}' when logged).
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/client';

export const commentsKeys = {
  list: (postId: number) => ['comments', 'list', postId] as const,
  count: (postId: number) => ['comments', 'count', postId] as const,
};

export const fetchCommentsPage = (postId: number, cursor: string | null, signal?: AbortSignal) =>
  call('postComments', { params: { postId }, query: { cursor: cursor ?? undefined } }, { signal });

export const fetchCommentCount = (postId: number, signal?: AbortSignal) =>
  call('commentCount', { params: { postId } }, { signal });

export const createComment = (postId: number, content: string) =>
  call('createComment', { body: { postId, content } });

export const updateComment = (id: number, content: string) =>
  call('editComment', { params: { id }, body: { content } });

/** No body, so no JSON content type (the server refuses an empty JSON body). */
export const deleteComment = (id: number) => call('deleteComment', { params: { id } });

export const commentsQueryOptions = (postId: number) =>
  infiniteQueryOptions({
    queryKey: commentsKeys.list(postId),
    queryFn: ({ pageParam, signal }) => fetchCommentsPage(postId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) =>
      last.data.pagination.hasMore ? (last.data.pagination.nextCursor ?? undefined) : undefined,
    // Opening the panel always asks the server; the list on screen stays while it answers.
    staleTime: 0,
  });

export const commentCountQueryOptions = (postId: number) =>
  queryOptions({
    queryKey: commentsKeys.count(postId),
    queryFn: ({ signal }) => fetchCommentCount(postId, signal).then((result) => result.count),
  });
