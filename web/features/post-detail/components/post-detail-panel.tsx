// One post by id, in every state: its shape while loading, 'Invalid post ID', 'Post data not found'
// (spec §8), a retry on other failures, then the detail view. Used in place on /home and at /posts/{id}.
import { useEffect } from 'react';
import type { PostWrapper } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/http';
import { itemOf } from '../../../lib/post-item';
import { useOnline } from '../../../lib/use-online';
import { usePost } from '../api';
import { PostDetailView, type PostDetailViewProps } from './post-detail-view';

function postErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return MSG.postDetail.notFound;
  if (error instanceof ApiError && error.status === 400) return MSG.postDetail.invalidId;
  return MSG.errors.internal;
}

function PostDetailSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-6 lg:grid-cols-2">
      <div className="aspect-[4/3] w-full animate-pulse rounded-xl bg-slate-200" />
      <div className="space-y-3">
        <div className="h-6 w-20 rounded-full bg-slate-200" />
        <div className="h-9 w-3/4 rounded bg-slate-200" />
        <div className="h-8 w-1/3 rounded bg-slate-200" />
        <div className="h-72 rounded-xl bg-slate-200" />
      </div>
    </div>
  );
}

export function PostDetailPanel({
  postId,
  preview,
  ...slots
}: Omit<PostDetailViewProps, 'post'> & { postId: number | null; preview?: PostWrapper }) {
  const query = usePost(postId ?? 0, preview, postId !== null);
  const online = useOnline();
  const name = query.data ? itemOf(query.data).name : null;
  useEffect(() => {
    if (name) document.title = `${name} · Zim Marketplace`;
  }, [name]);
  if (postId === null) {
    return (
      <div>
        <h1 className="sr-only">Post</h1>
        <Alert tone="error">{MSG.postDetail.invalidId}</Alert>
      </div>
    );
  }
  if (query.data) return <PostDetailView post={query.data} {...slots} />;
  // Offline and not saved (issue 34): say so, rather than 'Something went wrong' or loading forever.
  if (!online && query.fetchStatus !== 'fetching') {
    return (
      <div>
        <h1 className="sr-only">Post</h1>
        <Alert>{MSG.offline.nothingSaved}</Alert>
      </div>
    );
  }
  if (query.isError) {
    const message = postErrorMessage(query.error);
    return (
      <div className="space-y-3">
        <h1 className="sr-only">Post</h1>
        <Alert tone="error">{message}</Alert>
        {message === MSG.errors.internal ? (
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div>
      <p role="status" className="sr-only">
        Loading...
      </p>
      <PostDetailSkeleton />
    </div>
  );
}
