// The rolling feed (spec §2 /infinite), open to visitors: the newest products and services as you
// scroll, each card with its like and comment counts (one batched request per 50 cards, spec §4).
import { RollingFeed, useRollingFeed } from '../features/feed';
import { CardEngagementBar, useCardEngagement } from '../features/likes';

export default function Infinite() {
  const feed = useRollingFeed();
  const engagement = useCardEngagement(feed.posts.map((item) => item.postId));
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-3 sm:py-6">
      <RollingFeed
        title="Latest posts"
        feed={feed}
        cardFooter={(postId) => <CardEngagementBar postId={postId} data={engagement[postId]} />}
      />
    </div>
  );
}
