// The /home list for the current search and filters: skeletons while the first page loads, the grid,
// more pages as the end comes into view (or on 'Load more'), and the empty, error and end states.
import type { ReactNode } from 'react';
import type { PostWrapper } from '../../../../shared/api-types';
import type { FeedFilter } from '../../../../shared/feed-filter';
import { MSG } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useOnline } from '../../../lib/use-online';
import { usePostsList } from '../api';
import { hasAnyFilter } from '../filters';
import { useSentinel } from '../use-sentinel';
import { FeedError, FeedLoading, FeedOffline } from './feed-states';
import { PostGrid } from './post-grid';

export function PostFeed({
  filters,
  onOpen,
  cardFooter,
  onClearFilters,
  active = true,
}: {
  filters: FeedFilter;
  /** False while a post is open over the list: the list keeps its place and draws nothing new. */
  active?: boolean;
  /** Offered with 'No posts available.' when a search or filter is set. */
  onClearFilters?(): void;
  onOpen(post: PostWrapper): void;
  cardFooter?(post: PostWrapper): ReactNode;
}) {
  const list = usePostsList(filters);
  const online = useOnline();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const canLoadMore =
    hasNextPage && !isFetchingNextPage && !list.isPlaceholderData && !list.isFetchNextPageError;
  const sentinel = useSentinel(() => {
    if (canLoadMore) void fetchNextPage();
  }, canLoadMore);

  // Offline with no saved copy (none answered): say so rather than load forever.
  if (!list.data && !online && list.fetchStatus !== 'fetching') return <FeedOffline />;
  if (list.isPending) return <FeedLoading />;
  if (list.isError && !list.data) return <FeedError onRetry={() => void list.refetch()} />;

  const posts = list.data.pages.flatMap((page) => page.posts);
  const corrected = list.data.pages[0]?.correctedSearch;
  return (
    <div
      aria-busy={list.isPlaceholderData}
      className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
    >
      <p role="status" className="sr-only">
        {list.isPlaceholderData ? 'Searching...' : `${posts.length} posts shown`}
      </p>
      {corrected ? <p className="mb-3 text-slate-700">{MSG.feed.correctedSearch(corrected)}</p> : null}
      {posts.length === 0 ? (
        <Card
          frame="dashed"
          padding="none"
          className="flex flex-col items-center gap-4 px-4 py-12 text-center"
        >
          <p className="text-lg text-slate-700">{MSG.empty.posts}</p>
          {onClearFilters && hasAnyFilter(filters) ? (
            <Button variant="secondary" onClick={onClearFilters}>
              Clear search and filters
            </Button>
          ) : null}
        </Card>
      ) : (
        // Another search or filter is another list: its window starts afresh.
        <PostGrid
          key={JSON.stringify(filters)}
          posts={posts}
          onOpen={onOpen}
          cardFooter={cardFooter}
          active={active}
        />
      )}
      <div ref={sentinel} className="flex min-h-20 items-center justify-center py-4">
        {list.isFetchNextPageError ? (
          <FeedError nextPage onRetry={() => void fetchNextPage()} />
        ) : hasNextPage ? (
          <Button variant="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading more...' : 'Load more'}
          </Button>
        ) : posts.length > 0 ? (
          <p className="text-slate-600">{MSG.empty.feedEnd}</p>
        ) : null}
      </div>
    </div>
  );
}
