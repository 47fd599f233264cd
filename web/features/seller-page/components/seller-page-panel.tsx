// A seller's page by id, in every state: 'Invalid user id' for an id that cannot be one, its shape
// while loading, 'User not found' (unknown or suspended), a retry on other failures, then the page.
import { useEffect } from 'react';
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/http';
import { FeedLoading } from '../../feed';
import { useSellerPage } from '../api';
import { SellerPageView } from './seller-page-view';

function sellerErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return MSG.sellerPage.notFound;
  if (error instanceof ApiError && error.status === 400) return MSG.errors.invalidUserId;
  return MSG.errors.internal;
}

function Failure({ message, onRetry }: { message: string; onRetry?(): void }) {
  return (
    <div className="space-y-3">
      <h1 className="sr-only">Seller</h1>
      <Alert tone="error">{message}</Alert>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

export function SellerPagePanel({ userId }: { userId: number | null }) {
  const query = useSellerPage(userId ?? 0, userId !== null);
  const name = query.data?.pages[0]?.name;
  useEffect(() => {
    document.title = `${name ?? 'Seller'} · Zim Marketplace`;
  }, [name]);

  if (userId === null) return <Failure message={MSG.errors.invalidUserId} />;
  if (query.data) {
    const [first] = query.data.pages;
    if (!first) return null;
    return (
      <SellerPageView
        seller={first}
        posts={query.data.pages.flatMap((page) => page.posts)}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        loadMoreFailed={query.isFetchNextPageError}
        onLoadMore={() => void query.fetchNextPage()}
      />
    );
  }
  if (query.isError) {
    const message = sellerErrorMessage(query.error);
    return (
      <Failure
        message={message}
        onRetry={message === MSG.errors.internal ? () => void query.refetch() : undefined}
      />
    );
  }
  return <FeedLoading />;
}
