// Save a post for later (issue 14): a bookmark, distinct from the Like heart. It reads 'Save' or
// 'Saved'; its name says what a tap does, 'Save this listing' or 'Remove from saved' (issue 34: a
// comment editor's Save is another thing). On the detail it asks the server whether the post is saved;
// on a card (`compact`) the page's one status call fills it (useSavedState). A visitor's tap goes to
// sign-in, which comes back here and saves the post (`then=save-<id>`).
import { useQuery } from '@tanstack/react-query';
import { Bookmark } from 'lucide-react';
import { useNavigate } from 'react-router';
import { pendingActionName, useAuth, usePendingAction, useSignInHref } from '../../auth';
import { savedQueryOptions, useToggleSaved } from '../api';

export interface SaveButtonProps {
  postId: number;
  /** A card's small button, its state filled by useSavedState rather than its own call. */
  compact?: boolean;
}

export function SaveButton({ postId, compact = false }: SaveButtonProps) {
  const { isAuthenticated, user } = useAuth();
  const signedIn = isAuthenticated && user !== null;
  const action = pendingActionName('save', postId);
  const signInHref = useSignInHref(action);
  const navigate = useNavigate();
  const state = useQuery({ ...savedQueryOptions(postId), enabled: signedIn && !compact });
  const toggle = useToggleSaved(postId);

  const saved = signedIn && state.data === true;
  const known = !signedIn || state.data !== undefined;
  // Back from signing in to save it: saved, unless it already was.
  usePendingAction(action, state.data !== undefined, () => {
    if (state.data !== true) toggle.mutate(true);
  });
  const onClick = () => {
    if (!signedIn) return navigate(signInHref);
    toggle.mutate(!saved);
  };

  const size = compact ? 'min-h-11 px-2 text-sm gap-1' : 'min-h-11 px-4 py-2 gap-2';
  const tone = saved
    ? 'border-brand-600 bg-brand-50 text-brand-800 hover:bg-brand-100'
    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100';
  return (
    <button
      type="button"
      aria-label={saved ? 'Remove from saved' : 'Save this listing'}
      disabled={!known || toggle.isPending}
      onClick={onClick}
      className={`inline-flex items-center rounded-full font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60 ${size} ${
        compact
          ? `border-0 ${saved ? 'text-brand-800' : 'text-slate-700'} hover:bg-slate-100`
          : `border ${tone}`
      }`}
    >
      <Bookmark aria-hidden="true" size={compact ? 16 : 20} className={saved ? 'fill-current' : ''} />
      {saved ? 'Saved' : 'Save'}
    </button>
  );
}
