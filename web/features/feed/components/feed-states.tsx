// The states both feeds share: the first page loading (the grid's shape), offline with nothing saved,
// and a failed load with 'Try again' (the whole list, or the next page under the cards).
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PostGridSkeleton } from './post-grid';

export function FeedLoading() {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading posts...
      </p>
      <PostGridSkeleton />
    </div>
  );
}

/**
 * Offline, and no saved copy answered (issue 34): says so instead of loading forever. The list loads
 * by itself once the connection is back (queries refetch on reconnect).
 */
export function FeedOffline() {
  return <Alert tone="info">{MSG.offline.nothingSaved}</Alert>;
}

export function FeedError({ onRetry, nextPage = false }: { onRetry(): void; nextPage?: boolean }) {
  return (
    <div className={nextPage ? 'flex flex-col items-center gap-2' : 'space-y-3'}>
      <Alert tone="error">{MSG.errors.internal}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
