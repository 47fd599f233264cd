// A seller's public page: who they are as the post detail shows them (name, 'Member since', 'New
// seller'), how many posts they have listed, and those posts as the feed's cards, 'Load more' for
// the next page.
import type { PostWrapper, SellerPage } from '../../../../shared/api-types';
import { plural } from '../../../../shared/format';
import { MSG } from '../../../../shared/messages';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FeedError, PostGrid } from '../../feed';
import { SellerTrust, ShareButton } from '../../post-detail';

export function SellerPageView({
  seller,
  posts,
  hasMore,
  loadingMore,
  loadMoreFailed,
  onLoadMore,
}: {
  seller: Pick<SellerPage, 'id' | 'name' | 'memberSince' | 'postCount'>;
  posts: PostWrapper[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  onLoadMore(): void;
}) {
  return (
    <div className="space-y-6">
      <header className="flex items-start gap-3">
        <Avatar name={seller.name} size="lg" />
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900">{seller.name}</h1>
          <SellerTrust memberSince={seller.memberSince} />
          <p className="mt-1 text-sm font-medium text-slate-700">{plural(seller.postCount, 'post')}</p>
          <div className="mt-3">
            <ShareButton
              title={seller.name}
              text={`${seller.name} on Zim Marketplace`}
              path={`/users/${seller.id}`}
            />
          </div>
        </div>
      </header>
      <section aria-label={`Posts by ${seller.name}`} className="space-y-4">
        {posts.length === 0 ? (
          <Card frame="dashed" padding="none" className="px-4 py-12 text-center">
            <p className="text-lg text-slate-700">{MSG.sellerPage.empty}</p>
          </Card>
        ) : (
          <PostGrid posts={posts} />
        )}
        {loadMoreFailed ? (
          <FeedError nextPage onRetry={onLoadMore} />
        ) : hasMore ? (
          <div className="flex justify-center">
            <Button variant="secondary" onClick={onLoadMore} disabled={loadingMore}>
              {loadingMore ? 'Loading more...' : 'Load more'}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
