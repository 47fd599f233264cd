// Create, edit and delete of a post's comments. A delete is optimistic (gone at once, put back if the
// server refuses); a create and an edit show the server's comment. One second after any of them
// (TIMINGS.commentRecheckMs) the list is read again, so it matches what others did meanwhile.
// Failures are logged with the short message of spec §8; the screen shows the 'Please try again' one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { CommentDto } from '../../../shared/api-types';
import { TIMINGS } from '../../../shared/catalog';
import { MSG } from '../../../shared/messages';
import { httpErrorText } from '../../lib/http';
import { patchCardEngagement } from '../likes';
import { commentsKeys, createComment, deleteComment, updateComment } from './api';
import { addComment, type CommentPages, removeComment, replaceComment } from './cache';

const logFailure = (message: string) => (error: unknown) =>
  console.warn(`${message}: ${httpErrorText(error)}`);

export function useCommentActions(postId: number) {
  const queryClient = useQueryClient();
  const key = commentsKeys.list(postId);
  const recheckTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(recheckTimer.current), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: key is derived from postId
  const recheck = useCallback(() => {
    clearTimeout(recheckTimer.current);
    recheckTimer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: key });
    }, TIMINGS.commentRecheckMs);
  }, [queryClient, postId]);

  const setPages = (change: (data: CommentPages | undefined) => CommentPages | undefined) =>
    queryClient.setQueryData<CommentPages>(key, change);
  const countBy = (delta: number) => {
    queryClient.setQueryData<number>(commentsKeys.count(postId), (count) =>
      count === undefined ? count : Math.max(0, count + delta),
    );
    patchCardEngagement(queryClient, postId, (e) => ({
      ...e,
      commentCount: Math.max(0, e.commentCount + delta),
    }));
  };

  const create = useMutation({
    mutationFn: (content: string) => createComment(postId, content),
    onSuccess: ({ comment }) => {
      setPages((data) => addComment(data, comment));
      countBy(1);
    },
    onError: logFailure(MSG.comments.postFailed),
    onSettled: recheck,
  });

  const update = useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) => updateComment(id, content),
    onSuccess: ({ comment }) => setPages((data) => replaceComment(data, comment)),
    onError: logFailure(MSG.comments.updateFailed),
    onSettled: recheck,
  });

  const remove = useMutation({
    mutationFn: (comment: CommentDto) => deleteComment(comment.id),
    onMutate: async (comment) => {
      await queryClient.cancelQueries({ queryKey: key });
      setPages((data) => removeComment(data, comment.id));
    },
    onError: (error, comment) => {
      setPages((data) => addComment(data, comment));
      logFailure(MSG.comments.deleteFailed)(error);
    },
    onSuccess: () => countBy(-1),
    onSettled: recheck,
  });

  return { create, update, remove };
}
