// The comments panel of the post detail (spec §4 Comments): collapsed to a button with the count;
// expanded, it loads the comments and refreshes them every 30 s ('Live'), shows the newest 3 with a
// 'Show n more' toggle, and lets a signed-in user post, edit and delete (visitors only read).
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ChevronDown, MessageCircle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { CommentDto } from '../../../../shared/api-types';
import { COMMENTS_COLLAPSED, TIMINGS } from '../../../../shared/catalog';
import { formatCount } from '../../../../shared/format';
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { httpErrorText } from '../../../lib/http';
import { useAuth, useSignInHref } from '../../auth';
import { commentCountQueryOptions, commentsQueryOptions } from '../api';
import { flatten, totalOf } from '../cache';
import { useCommentActions } from '../use-comment-actions';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';

export interface CommentsSectionProps {
  postId: number;
  /** The post's owner, whose comments are marked. */
  postOwnerId?: number;
  /** A known count (e.g. from card engagement) for the collapsed button: skips the count call. */
  initialCount?: number;
  /** Open at first (default: collapsed). */
  defaultExpanded?: boolean;
}

const moreLabel = (n: number) => `Show ${n} more ${n === 1 ? 'comment' : 'comments'}`;

export function CommentsSection({
  postId,
  postOwnerId,
  initialCount,
  defaultExpanded = false,
}: CommentsSectionProps) {
  const { isAuthenticated, user } = useAuth();
  // Signing in from here comes back here (a visitor from a shared link keeps the post).
  const signInHref = useSignInHref();
  const signedIn = isAuthenticated && user !== null;
  const panelId = useId();
  const [expanded, setExpanded] = useState(defaultExpanded);
  const [showAll, setShowAll] = useState(false);
  const [draft, setDraft] = useState('');
  const [editingId, setEditingId] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const list = useInfiniteQuery({
    ...commentsQueryOptions(postId),
    enabled: expanded,
    refetchInterval: expanded ? TIMINGS.refreshMs : false,
  });
  const count = useQuery({
    ...commentCountQueryOptions(postId),
    enabled: !list.data && initialCount === undefined,
  });
  const { create, update, remove } = useCommentActions(postId);

  useEffect(() => {
    if (list.isError) console.warn(`${MSG.comments.loadFailed}: ${httpErrorText(list.error)}`);
  }, [list.isError, list.error]);

  const comments = flatten(list.data);
  const total = totalOf(list.data) ?? count.data ?? initialCount;
  const shown = showAll ? comments : comments.slice(0, COMMENTS_COLLAPSED);
  const hidden = Math.max(0, (total ?? comments.length) - shown.length);

  const onPost = () => {
    const typed = draft;
    setDraft('');
    setNotice(null);
    create.mutate(typed.trim(), {
      onError: () => {
        // The typed text comes back, unless the user has started a new one meanwhile.
        setDraft((current) => (current === '' ? typed : current));
        setNotice(MSG.comments.postFailedRetry);
      },
    });
  };
  const onSave = (comment: CommentDto, content: string) => {
    setNotice(null);
    update.mutate(
      { id: comment.id, content },
      {
        onSuccess: () => setEditingId(null),
        onError: () => setNotice(MSG.comments.updateFailedRetry),
      },
    );
  };
  const onDelete = (comment: CommentDto) => {
    if (!window.confirm(MSG.comments.confirmDelete)) return;
    setNotice(null);
    if (editingId === comment.id) setEditingId(null);
    remove.mutate(comment, { onError: () => setNotice(MSG.comments.deleteFailedRetry) });
  };

  return (
    <Card as="section" frame="outlined" padding="none">
      <h2 className="text-lg font-semibold">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => setExpanded((open) => !open)}
          className="flex min-h-11 w-full items-center gap-2 rounded-xl px-4 py-3 text-left text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <MessageCircle aria-hidden="true" size={18} className="text-slate-600" />
          <span>Comments{total === undefined ? '' : ` (${formatCount(total)})`}</span>
          <ChevronDown
            aria-hidden="true"
            size={18}
            className={`ml-auto text-slate-600 transition-transform ${expanded ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      {expanded ? (
        <div id={panelId} className="space-y-4 border-t border-slate-200 px-4 py-4">
          <p className="flex items-center gap-2 text-xs font-medium text-brand-800">
            <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-brand-600" />
            Live
            <span className="sr-only">: comments refresh every 30 seconds</span>
          </p>
          {notice ? <Alert tone="error">{notice}</Alert> : null}
          {signedIn ? (
            <CommentForm value={draft} posting={create.isPending} onChange={setDraft} onSubmit={onPost} />
          ) : (
            <p className="text-sm text-slate-700">
              <Link to={signInHref} className="font-medium text-brand-800 underline">
                Sign in to comment
              </Link>
            </p>
          )}
          {list.isError ? (
            <div className="space-y-2">
              <Alert tone="error">{MSG.comments.loadFailedRetry}</Alert>
              <Button variant="secondary" disabled={list.isFetching} onClick={() => list.refetch()}>
                Try again
              </Button>
            </div>
          ) : null}
          {list.isError && !list.data ? null : list.isPending ? (
            <p role="status" className="text-sm text-slate-600">
              Loading comments...
            </p>
          ) : comments.length === 0 ? (
            <p className="text-sm text-slate-600">{MSG.comments.empty}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {shown.map((comment) => (
                <CommentItem
                  key={comment.id}
                  comment={comment}
                  byPostOwner={postOwnerId !== undefined && comment.userId === postOwnerId}
                  editing={editingId === comment.id}
                  saving={update.isPending && update.variables?.id === comment.id}
                  onEdit={() => setEditingId(comment.id)}
                  onCancel={() => setEditingId(null)}
                  onSave={(content) => onSave(comment, content)}
                  onDelete={() => onDelete(comment)}
                />
              ))}
            </ul>
          )}
          {comments.length > 0 && (hidden > 0 || showAll) ? (
            <div className="flex flex-wrap items-center gap-2">
              {!showAll || comments.length > COMMENTS_COLLAPSED ? (
                // Pulled left so its text lines up with the comments above.
                <Button variant="ghost" className="-ml-4" onClick={() => setShowAll((all) => !all)}>
                  {showAll ? 'Show fewer comments' : moreLabel(hidden)}
                </Button>
              ) : null}
              {showAll && list.hasNextPage ? (
                <Button
                  variant="secondary"
                  disabled={list.isFetchingNextPage}
                  onClick={() => list.fetchNextPage()}
                >
                  Load more comments
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
