// Calls of the seller-page feature (issue 14): a seller's public page, GET /api/users/{userId}/profile,
// a page of their posts at a time (the same keyset cursor as the /home list).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../lib/client';
import { retryUnlessClientError } from '../../lib/http';

export const sellerPageKeys = {
  page: (userId: number) => ['seller-page', userId] as const,
};

export const fetchSellerPage = (userId: number, cursor: string | null, signal?: AbortSignal) =>
  call('sellerPage', { params: { userId }, query: { cursor: cursor ?? undefined } }, { signal });

export const sellerPageQueryOptions = (userId: number) =>
  infiniteQueryOptions({
    queryKey: sellerPageKeys.page(userId),
    queryFn: ({ pageParam, signal }) => fetchSellerPage(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: retryUnlessClientError,
  });

/** The seller and their posts so far; the first page's summary is the seller's. */
export const useSellerPage = (userId: number, enabled = true) =>
  useInfiniteQuery({ ...sellerPageQueryOptions(userId), enabled });
