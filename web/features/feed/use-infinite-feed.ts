// /infinite's cards: the rolling feed (first payload, then each type's cursor; cached, preloaded with
// the page) while nothing is asked, and /home's list (GET /api/posts) for a search or a type, so a
// visitor finds there what /home would show (issue 34). One shape for RollingFeed either way.
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { type FeedFilter, infiniteFilter, isRollingFeed } from '../../../shared/feed-filter';
import { feedKeys, type PostsPage, usePostsList } from './api';
import { cardFromPost, cardFromRollingItem, type FeedCardData } from './card-data';
import { useRollingFeed } from './use-rolling-feed';

export interface InfiniteFeed {
  /** Another search or type is another list: its window starts afresh. */
  listKey: string;
  cards: FeedCardData[];
  isPending: boolean;
  /** The first page failed (nothing to show). */
  failed: boolean;
  /** Nothing to show and nothing on its way (offline with nothing saved). */
  nothingComing: boolean;
  isSuccess: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  /** A new search's list is on its way: the last one stays, dimmed. */
  isPlaceholderData: boolean;
  isRefreshing: boolean;
  /** What was searched when a misspelt word was corrected. */
  correctedSearch?: string;
  loadMore(): void;
  refresh(): void;
  retry(): void;
  retryNextPage(): void;
}

export function useInfiniteFeed(filter: FeedFilter): InfiniteFeed {
  // The rest of a pasted /home link (category, sort) is not /infinite's.
  const asked = infiniteFilter(filter);
  const searching = !isRollingFeed(asked);
  const rolling = useRollingFeed(!searching);
  const list = usePostsList(asked, searching);
  const queryClient = useQueryClient();
  const key = JSON.stringify(asked);

  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for asked
  const refreshList = useCallback(() => {
    // As the rolling feed does: from the first page again, the list staying until it arrives.
    queryClient.setQueryData<InfiniteData<PostsPage, string | null>>(feedKeys.list(asked), (old) =>
      old ? { pages: old.pages.slice(0, 1), pageParams: old.pageParams.slice(0, 1) } : old,
    );
    void list.refetch();
  }, [queryClient, list.refetch, key]);

  const listCards = useMemo(
    () => list.data?.pages.flatMap((page) => page.posts.map(cardFromPost)) ?? [],
    [list.data],
  );
  const rollingCards = useMemo(() => rolling.posts.map(cardFromRollingItem), [rolling.posts]);

  if (!searching) {
    return {
      listKey: key,
      cards: rollingCards,
      isPending: rolling.isPending,
      failed: rolling.isError && !rolling.data,
      nothingComing: !rolling.data && rolling.fetchStatus !== 'fetching',
      isSuccess: rolling.isSuccess,
      hasNextPage: rolling.hasNextPage,
      isFetchingNextPage: rolling.isFetchingNextPage,
      isFetchNextPageError: rolling.isFetchNextPageError,
      isPlaceholderData: false,
      isRefreshing: rolling.isRefreshing,
      loadMore: rolling.loadMore,
      refresh: rolling.refresh,
      retry: () => void rolling.refetch(),
      retryNextPage: () => void rolling.fetchNextPage(),
    };
  }
  const canLoadMore = list.hasNextPage && !list.isFetchingNextPage && !list.isPlaceholderData;
  return {
    listKey: key,
    cards: listCards,
    isPending: list.isPending,
    failed: list.isError && !list.data,
    nothingComing: !list.data && list.fetchStatus !== 'fetching',
    isSuccess: list.isSuccess,
    hasNextPage: list.hasNextPage,
    isFetchingNextPage: list.isFetchingNextPage,
    isFetchNextPageError: list.isFetchNextPageError,
    isPlaceholderData: list.isPlaceholderData,
    isRefreshing: list.isRefetching && !list.isFetchingNextPage && !list.isPlaceholderData,
    correctedSearch: list.data?.pages[0]?.correctedSearch,
    loadMore: () => {
      if (canLoadMore) void list.fetchNextPage({ cancelRefetch: false });
    },
    refresh: refreshList,
    retry: () => void list.refetch(),
    retryNextPage: () => void list.fetchNextPage(),
  };
}
