// The rolling feed (spec §2 /infinite), open to visitors: the newest products and services as you
// scroll, each card with its like and comment counts (one batched request per 50 cards, spec §4) and
// Save (issue 14: a visitor is taken to sign in; a member's saved state comes 12 cards a call).
import { useMemo } from 'react';
import { PostCardFooter } from '../app/post-card-footer';
import { useAuth } from '../features/auth';
import { useSavedState } from '../features/favourites';
import { RollingFeed, useRollingFeed } from '../features/feed';
import { useCardEngagement } from '../features/likes';

export default function Infinite() {
  const feed = useRollingFeed();
  const ids = useMemo(() => feed.posts.map((item) => item.postId), [feed.posts]);
  useCardEngagement(ids);
  const { isAuthenticated } = useAuth();
  useSavedState(ids, isAuthenticated);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-3 sm:py-6">
      <RollingFeed
        title="Latest posts"
        feed={feed}
        cardFooter={(postId) => <PostCardFooter postId={postId} />}
      />
    </div>
  );
}
