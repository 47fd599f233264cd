// The rolling feed (spec §2 /infinite), open to visitors: the newest products and services as you
// scroll, each card with its like and comment counts (one batched request per 50 cards, spec §4) and
// Save (issue 14: a visitor is taken to sign in; a member's saved state comes 12 cards a call).
// /home's search box and type filter (issue 34: visitors search too), kept in the URL as there.
import { useMemo } from 'react';
import { PostCardFooter } from '../app/post-card-footer';
import { useAuth } from '../features/auth';
import { useSavedState } from '../features/favourites';
import { RollingFeed, SearchBox, TypeFilter, useFilterUrlState, useInfiniteFeed } from '../features/feed';
import { useCardEngagement } from '../features/likes';

export default function Infinite() {
  const { filters, setFilters } = useFilterUrlState();
  const feed = useInfiniteFeed(filters);
  const ids = useMemo(() => feed.cards.map((card) => card.postId), [feed.cards]);
  useCardEngagement(ids);
  const { isAuthenticated } = useAuth();
  useSavedState(ids, isAuthenticated);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-3 sm:py-6">
      <RollingFeed
        title="Latest posts"
        feed={feed}
        controls={
          <>
            <SearchBox value={filters.search} onSearch={(search) => setFilters({ search })} />
            <TypeFilter value={filters.type} onChange={(type) => setFilters({ type })} />
          </>
        }
        cardFooter={(postId) => <PostCardFooter postId={postId} />}
      />
    </div>
  );
}
