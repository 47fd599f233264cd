// The Account Dashboard's list (spec §2): the user's own posts, published or not, in a grid of 1, 2
// and 3 columns, with the count, the empty state, and loading and error states of the same shape.
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useMyPosts } from '../api';
import { LISTING_TEXT } from '../messages';
import { PostGridCard } from './post-grid-card';

const GRID = 'grid gap-4 md:grid-cols-2 lg:grid-cols-3';

const postCount = (n: number) => (n === 1 ? '1 post' : `${n} posts`);

export function MyPosts({
  userId,
  notify,
}: {
  userId: number;
  notify(text: string, tone?: 'success' | 'error'): void;
}) {
  const posts = useMyPosts(userId);
  const list = posts.data;
  return (
    <section aria-labelledby="my-posts-heading" aria-busy={posts.isPending} className="space-y-4">
      <div className="flex min-h-11 flex-wrap items-center justify-between gap-3">
        <h2 id="my-posts-heading" className="text-lg font-semibold text-slate-900">
          Your posts{' '}
          {list ? <span className="font-normal text-slate-600">({postCount(list.length)})</span> : null}
        </h2>
        {list && list.length > 0 ? (
          <Link to="/create" className={buttonClass('secondary')}>
            <Plus aria-hidden="true" className="size-4" />
            Create post
          </Link>
        ) : null}
      </div>

      {list ? (
        list.length === 0 ? (
          <Card frame="dashed" className="space-y-4 text-center">
            <p className="text-slate-800">{MSG.account.empty}</p>
            <Link to="/create" className={buttonClass('primary')}>
              Create your first post
            </Link>
          </Card>
        ) : (
          <ul className={GRID}>
            {list.map((post) => (
              <li key={post.id}>
                <PostGridCard post={post} notify={notify} />
              </li>
            ))}
          </ul>
        )
      ) : posts.isError ? (
        <div className="space-y-3">
          <Alert tone="error">{LISTING_TEXT.loadFailed}</Alert>
          <Button variant="secondary" onClick={() => posts.refetch()} disabled={posts.isFetching}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <p role="status" className="sr-only">
            Loading...
          </p>
          <ul className={GRID} aria-hidden="true">
            {[0, 1, 2].map((n) => (
              <Card as="li" key={n} frame="outlined" padding="none" className="overflow-hidden">
                <div className="flex gap-3 p-3 md:flex-col md:gap-0 md:p-0">
                  <div className="size-24 shrink-0 animate-pulse rounded-lg bg-slate-200 md:aspect-[4/3] md:size-auto md:rounded-none" />
                  <div className="flex-1 space-y-2 md:p-4">
                    <div className="h-5 w-1/3 animate-pulse rounded bg-slate-200" />
                    <div className="h-5 w-2/3 animate-pulse rounded bg-slate-200" />
                  </div>
                </div>
                <div className="px-3 pb-3 md:px-4 md:pb-4">
                  <div className="h-11 animate-pulse rounded-lg bg-slate-200" />
                </div>
              </Card>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
