// The like button of the post detail (spec §4 Like): the viewer's status loads first (the button stays
// disabled until then and while a toggle runs); a toggle is optimistic and reverted on failure. Resting
// the pointer on it for 500 ms opens a reaction picker with the one reaction, 'like' (a heart), which
// closes 300 ms after the pointer leaves. Visitors are asked to sign in instead of calling.
import { useQuery } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { LikeStatus } from '../../../../shared/api-types';
import { TIMINGS } from '../../../../shared/catalog';
import { formatCount } from '../../../../shared/format';
import { useAuth, useSignInHref } from '../../auth';
import { likeStatusQueryOptions, useToggleLike } from '../api';

export interface LikeButtonProps {
  postId: number;
  /** Known status (e.g. from card engagement): skips the status call. */
  initial?: { likeCount: number; isLiked: boolean };
}

function usePicker() {
  const [open, setOpen] = useState(false);
  const showTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const clear = () => {
    clearTimeout(showTimer.current);
    clearTimeout(hideTimer.current);
    showTimer.current = undefined;
    hideTimer.current = undefined;
  };
  useEffect(
    () => () => {
      clearTimeout(showTimer.current);
      clearTimeout(hideTimer.current);
    },
    [],
  );
  return {
    open,
    onMouseEnter: () => {
      clearTimeout(hideTimer.current);
      hideTimer.current = undefined;
      if (!open && showTimer.current === undefined) {
        showTimer.current = setTimeout(() => {
          showTimer.current = undefined;
          setOpen(true);
        }, TIMINGS.reactionShowMs);
      }
    },
    onMouseLeave: () => {
      clearTimeout(showTimer.current);
      showTimer.current = undefined;
      hideTimer.current = setTimeout(() => {
        hideTimer.current = undefined;
        setOpen(false);
      }, TIMINGS.reactionHideMs);
    },
    close: () => {
      clear();
      setOpen(false);
    },
  };
}

export function LikeButton({ postId, initial }: LikeButtonProps) {
  const { isAuthenticated, user } = useAuth();
  // Signing in from here comes back here (a visitor from a shared link keeps the post).
  const signInHref = useSignInHref();
  const signedIn = isAuthenticated && user !== null;
  const status = useQuery({
    ...likeStatusQueryOptions(postId),
    enabled: !initial,
    initialData: initial
      ? ({ success: true, ...initial, reactionType: initial.isLiked ? 'like' : null } satisfies LikeStatus)
      : undefined,
  });
  const toggle = useToggleLike(postId);
  const picker = usePicker();
  const [askSignIn, setAskSignIn] = useState(false);
  const countId = useId();

  const loaded = status.data !== undefined;
  const isLiked = status.data?.isLiked ?? false;
  const likeCount = status.data?.likeCount ?? 0;

  const onToggle = () => {
    if (!signedIn) return setAskSignIn(true);
    toggle.mutate();
  };
  const onReact = () => {
    picker.close();
    if (!signedIn) return setAskSignIn(true);
    if (!isLiked && !toggle.isPending) toggle.mutate();
  };

  return (
    <div className="space-y-2">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only opens a shortcut; both buttons work alone */}
      <div
        className="relative inline-flex items-center gap-3"
        onMouseEnter={picker.onMouseEnter}
        onMouseLeave={picker.onMouseLeave}
        onKeyDown={(event) => event.key === 'Escape' && picker.close()}
      >
        <button
          type="button"
          aria-pressed={isLiked}
          aria-describedby={countId}
          disabled={!loaded || toggle.isPending}
          onClick={onToggle}
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
    </div>
  );
}
