// The like button of the post detail (spec §4 Like): the viewer's status loads first (the button stays
// disabled until then and while a toggle runs); a toggle is optimistic and reverted on failure. Resting
// the mouse on it for 500 ms (or a long press on a touch screen) opens a reaction picker with the one
// reaction, 'like' (a heart): see use-reaction-picker.ts. Visitors are asked to sign in instead of calling,
// and the post is liked once they are back (`then=like-<id>`). Offline the button rests, heart and count
// as they were, and says why (issue 34: a like it could not send must not look sent).
import { useQuery } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { LikeStatus } from '../../../../shared/api-types';
import { formatCount } from '../../../../shared/format';
import { MSG } from '../../../../shared/messages';
import { useOnline } from '../../../lib/use-online';
import { pendingActionName, useAuth, usePendingAction, useSignInHref } from '../../auth';
import { likeStatusQueryOptions, useToggleLike } from '../api';
import { useReactionPicker } from '../use-reaction-picker';

export interface LikeButtonProps {
  postId: number;
  /** Known status (e.g. from card engagement): skips the status call. */
  initial?: { likeCount: number; isLiked: boolean };
}

export function LikeButton({ postId, initial }: LikeButtonProps) {
  const { isAuthenticated, user } = useAuth();
  // Signing in from here comes back here (a visitor from a shared link keeps the post) and likes it.
  const action = pendingActionName('like', postId);
  const signInHref = useSignInHref(action);
  const signedIn = isAuthenticated && user !== null;
  const status = useQuery({
    ...likeStatusQueryOptions(postId),
    enabled: !initial,
    initialData: initial
      ? ({ success: true, ...initial, reactionType: initial.isLiked ? 'like' : null } satisfies LikeStatus)
      : undefined,
  });
  const toggle = useToggleLike(postId);
  const picker = useReactionPicker();
  const [askSignIn, setAskSignIn] = useState(false);
  const countId = useId();
  const online = useOnline();

  const loaded = status.data !== undefined;
  const isLiked = status.data?.isLiked ?? false;
  const likeCount = status.data?.likeCount ?? 0;

  usePendingAction(action, loaded && !toggle.isPending && online, () => {
    if (!isLiked) toggle.mutate();
  });

  const onToggle = () => {
    if (picker.consumePressClick()) return;
    if (!signedIn) return setAskSignIn(true);
    if (online) toggle.mutate();
  };
  const onReact = () => {
    picker.close();
    if (!signedIn) return setAskSignIn(true);
    if (online && !isLiked && !toggle.isPending) toggle.mutate();
  };

  return (
    <div className="space-y-2">
      <div
        ref={picker.containerRef}
        className="relative inline-flex items-center gap-3"
        {...picker.hoverArea}
      >
        <button
          type="button"
          aria-pressed={isLiked}
          aria-describedby={countId}
          disabled={!loaded || toggle.isPending || !online}
          onClick={onToggle}
          {...picker.pressArea}
          className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 py-2 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60 ${
            isLiked
              ? 'border-red-200 bg-red-50 text-red-800 hover:bg-red-100'
              : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
          }`}
        >
          <Heart aria-hidden="true" size={20} className={isLiked ? 'fill-red-600 text-red-600' : ''} />
          Like
        </button>
        <span id={countId} className="min-w-12 text-sm text-slate-700 tabular-nums">
          {loaded ? `${formatCount(likeCount)} ${likeCount === 1 ? 'like' : 'likes'}` : '–'}
        </span>
        {picker.open ? (
          <div
            role="toolbar"
            aria-label="Reactions"
            className="absolute bottom-full left-0 z-10 mb-2 flex rounded-full border border-slate-200 bg-white p-1 shadow-lg"
          >
            <button
              type="button"
              aria-label="React with Like"
              title="Like"
              disabled={!loaded}
              onClick={onReact}
              className="grid h-11 w-11 place-items-center rounded-full transition-transform hover:scale-110 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <Heart aria-hidden="true" size={24} className="fill-red-600 text-red-600" />
            </button>
          </div>
        ) : null}
      </div>
      {askSignIn && !signedIn ? (
        <p role="status" className="text-sm text-slate-700">
          <Link to={signInHref} className="font-medium text-brand-800 underline">
            Sign in to like posts
          </Link>
        </p>
      ) : null}
      {/* Offline the status cannot load and a toggle cannot be sent: say why the button rests. */}
      {online ? null : (
        <p role="status" className="text-sm text-amber-900">
          {MSG.offline.like}
        </p>
      )}
    </div>
  );
}
