// Saved posts (issue 14): the signed-in user's saved posts as feed cards, newest saved first, more as
// the end comes into view (or on 'Load more'). A card opens the post at /posts/{id}; its Save toggle
// lets it go (it leaves the list when the list reloads). A saved post that sold, expired or went out of
// sight stays, marked, without contact, with Remove (issue 34).
import { useMemo } from 'react';
import { MSG } from '../../shared/messages';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Loading, Page } from '../components/ui/page';
import { SaveButton, UnlistedSavedCard, useFavouritesList, useSavedState } from '../features/favourites';
import { GRID_CLASS, PostCard, useSentinel } from '../features/feed';
import { CardEngagementBar, useCardEngagement } from '../features/likes';
import { SavedSearchesLink } from '../features/notifications';

export default function Saved() {
  const list = useFavouritesList();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const posts = useMemo(() => list.data?.pages.flatMap((page) => page.posts) ?? [], [list.data]);
  // Only listed posts have counts and a Save toggle; the others are marked, with Remove.
  const ids = useMemo(
    () => posts.filter((post) => post.availability === 'listed').map((post) => post.id),
    [posts],
  );
  useCardEngagement(ids);
  useSavedState(ids, true);
  const canLoadMore = hasNextPage && !isFetchingNextPage && !list.isFetchNextPageError;
  const sentinel = useSentinel(() => {
    if (canLoadMore) void fetchNextPage();
  }, canLoadMore);

  return (
    <Page title="Saved posts" width="wide">
      {/* Saved searches live on their own screen (issue 33). */}
      <div className="-mt-4 mb-4 -ml-3">
        <SavedSearchesLink />
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError && !list.data ? (
        <div className="space-y-3">
          <Alert tone="error">{MSG.errors.internal}</Alert>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : posts.length === 0 ? (
        <Card
          frame="dashed"
          padding="none"
          className="flex flex-col items-center gap-2 px-4 py-12 text-center"
        >
          <p className="text-lg text-slate-700">{MSG.favourites.empty}</p>
          <p className="text-slate-600">{MSG.favourites.emptyHint}</p>
        </Card>
      ) : (
        <>
          <p role="status" className="sr-only">{`${posts.length} saved posts shown`}</p>
          <ul className={GRID_CLASS}>
            {posts.map((post, index) => (
              <li key={post.id}>
                {post.availability !== 'listed' ? (
                  <UnlistedSavedCard post={{ ...post, availability: post.availability }} />
                ) : (
                  <PostCard
                    post={post}
                    priority={index === 0}
                    footer={
                      <div className="flex items-center justify-between gap-2">
                        <CardEngagementBar postId={post.id} />
                        <SaveButton postId={post.id} compact />
                      </div>
                    }
                  />
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <div ref={sentinel} className="flex min-h-20 items-center justify-center py-4">
        {list.isFetchNextPageError ? (
          <Button variant="secondary" onClick={() => void fetchNextPage()}>
            Try again
          </Button>
        ) : hasNextPage ? (
          <Button variant="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading more...' : 'Load more'}
          </Button>
        ) : null}
      </div>
    </Page>
  );
}
