// The rolling feed (spec §2, §4): product and service cards newest first, more at 80% scroll, pull-down
// refresh, and "No more posts, you've reached the end" once both cursors are null. With a search or a
// type (issue 34) the same screen shows /home's list for them (use-infinite-feed.ts).
import { RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { MSG } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useOnline } from '../../../lib/use-online';
import { FROM_FEED } from '../back-to-feed';
import type { InfiniteFeed } from '../use-infinite-feed';
import { useLoadMoreOnScroll } from '../use-load-more-on-scroll';
import { usePullToRefresh } from '../use-pull-to-refresh';
import { DataSaverSwitch } from './data-saver-switch';
import { FeedCard } from './feed-card';
import { FeedError, FeedLoading, FeedOffline } from './feed-states';
import { PullIndicator } from './pull-indicator';
import { WindowedGrid } from './windowed-grid';

/** The screen composes the feed (it owns the query) and may add a footer per card, e.g. engagement. */
export function RollingFeed({
  title,
  feed,
  controls,
  cardFooter,
}: {
  title: string;
  feed: InfiniteFeed;
  /** Under the title: the search box and the type filter. */
  controls?: ReactNode;
  cardFooter?: (postId: number) => ReactNode;
}) {
  const { cards, hasNextPage, isFetchingNextPage, loadMore, refresh, isRefreshing } = feed;
  const ready = feed.isSuccess && !isRefreshing && !feed.isPlaceholderData;
  const online = useOnline();
  useLoadMoreOnScroll(loadMore, ready && hasNextPage && !feed.isFetchNextPageError, cards.length);
  const pull = usePullToRefresh(refresh, feed.isSuccess && !isRefreshing);
  useEffect(() => {
    document.title = `${title} · Zim Marketplace`;
  }, [title]);

  return (
    <div>
      <PullIndicator pull={pull} refreshing={isRefreshing} />
      {/* On a narrow phone the two controls wrap under the title, together. */}
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 sm:mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <div className="ml-auto flex items-center gap-1">
          <DataSaverSwitch />
          <Button
            variant="secondary"
            onClick={refresh}
            disabled={!feed.isSuccess || isRefreshing}
            className="shrink-0"
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            Refresh
          </Button>
        </div>
      </div>
      {controls ? <div className="mb-3 space-y-3 sm:mb-6">{controls}</div> : null}
      {feed.nothingComing && !online ? (
        <FeedOffline />
      ) : feed.isPending ? (
        <FeedLoading />
      ) : feed.failed ? (
        <FeedError onRetry={feed.retry} />
      ) : cards.length === 0 ? (
        <Card as="p" frame="dashed" padding="none" className="px-4 py-12 text-center text-lg text-slate-700">
          {MSG.empty.posts}
        </Card>
      ) : (
        <div
          aria-busy={feed.isPlaceholderData}
          className={feed.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
        >
          {feed.correctedSearch ? (
            <p className="mb-3 text-slate-700">{MSG.feed.correctedSearch(feed.correctedSearch)}</p>
          ) : null}
          <WindowedGrid
            key={feed.listKey}
            name="rolling"
            items={cards}
            itemKey={(card) => card.postId}
            renderItem={(card, index) => (
              <FeedCard
                card={card}
                footer={cardFooter?.(card.postId)}
                priority={index === 0}
                linkState={FROM_FEED}
              />
            )}
          />
          <div className="flex min-h-20 items-center justify-center py-4">
            {feed.isFetchNextPageError ? (
              <FeedError nextPage onRetry={feed.retryNextPage} />
            ) : hasNextPage ? (
              <Button variant="secondary" onClick={loadMore} disabled={isFetchingNextPage}>
                {isFetchingNextPage ? 'Loading more...' : 'Load more'}
              </Button>
            ) : (
              <p role="status" className="text-slate-600">
                {MSG.empty.feedEnd}
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
