// Calls of the rolling feed (spec §7, the /infinite screen): GET /api/first-payload, then POST /api/rolling-feed-products and
// POST /api/rolling-feed-services with the cursors, form-encoded as the spec sends them. A page is one
// step of both lists, merged newest first; the feed ends when both cursors are null.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Answer } from '../../../shared/contract';
import { call } from '../../lib/client';
import { fetchFirstCover } from '../../lib/first-cover';
import { feedKeys } from './api';
import { mergeNewestFirst } from './merge';

export interface Cursors {
  productCursor: string | null;
  serviceCursor: string | null;
}
/** One step of the rolling feed: both lists' new items merged newest first, and where each goes on. */
export interface RollingPage {
  posts: Answer<'firstPayload'>['posts'];
  cursors: Cursors;
}

export async function fetchFirstPayload(signal?: AbortSignal): Promise<RollingPage> {
  const { posts, productCursor, serviceCursor } = await call('firstPayload', {}, { signal });
  fetchFirstCover(posts);
  return { posts, cursors: { productCursor, serviceCursor } };
}

export const fetchMoreProducts = (cursor: string, signal?: AbortSignal) =>
  call('rollingFeedProducts', { body: { incomingProductCursor: cursor } }, { signal });

export const fetchMoreServices = (cursor: string, signal?: AbortSignal) =>
  call('rollingFeedServices', { body: { incomingServiceCursor: cursor } }, { signal });

/** The next page after `cursors`: only the types that have more are asked. */
export async function fetchNextRollingPage(cursors: Cursors, signal?: AbortSignal): Promise<RollingPage> {
  const [products, services] = await Promise.all([
    cursors.productCursor ? fetchMoreProducts(cursors.productCursor, signal) : null,
    cursors.serviceCursor ? fetchMoreServices(cursors.serviceCursor, signal) : null,
  ]);
  return {
    posts: mergeNewestFirst(products?.posts ?? [], services?.posts ?? []),
    cursors: {
      productCursor: products?.productCursor ?? null,
      serviceCursor: services?.serviceCursor ?? null,
    },
  };
}

export const hasMore = ({ productCursor, serviceCursor }: Cursors) => Boolean(productCursor || serviceCursor);

export const rollingFeedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: feedKeys.rolling,
    queryFn: ({ pageParam, signal }) =>
      pageParam ? fetchNextRollingPage(pageParam, signal) : fetchFirstPayload(signal),
    initialPageParam: null as Cursors | null,
    getNextPageParam: (last) => (hasMore(last.cursors) ? last.cursors : undefined),
  });
