import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { feedKeys } from './api';
import { uniquePosts } from './merge';
import { type RollingPage, rollingFeedQueryOptions } from './rolling-api';

/** The rolling feed's posts so far, the next page on demand, and a refresh that starts it over. */
export function useRollingFeed(enabled = true) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({ ...rollingFeedQueryOptions(), enabled });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;
  const posts = useMemo(() => uniquePosts(data?.pages ?? []), [data]);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  /** Back to the first payload: the pages after it are dropped, the list stays until the new one arrives. */
  const refresh = useCallback(() => {
    queryClient.setQueryData<{ pages: RollingPage[]; pageParams: unknown[] }>(feedKeys.rolling, (old) =>
      old ? { pages: old.pages.slice(0, 1), pageParams: old.pageParams.slice(0, 1) } : old,
    );
    void refetch();
  }, [queryClient, refetch]);

  return { ...query, posts, loadMore, refresh, isRefreshing: query.isRefetching && !isFetchingNextPage };
}
