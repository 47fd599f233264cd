// The audit log: every moderation action, newest first, who took it (or the system, for the
// automatic ones), on what, when and why; 50 at a time with Load more.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ModerationAction } from '../../../../shared/api-types';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { When } from '../../../components/ui/when';
import { actionsQueryOptions } from '../api';
import { ACTION_LABELS, MODERATION_TEXT } from '../text';

function Target({ action }: { action: ModerationAction }) {
  if (action.targetType === 'post') {
    return (
      <Link to={`/posts/${action.targetId}`} className="font-medium text-brand-800 underline">
        post #{action.targetId}
      </Link>
    );
  }
  return (
    <span>
      {action.targetType === 'user' ? 'account' : action.targetType} #{action.targetId}
    </span>
  );
}

export function AuditLog() {
  const log = useInfiniteQuery(actionsQueryOptions());
  const actions = log.data?.pages.flatMap((page) => page.actions) ?? [];
  return (
    <section aria-labelledby="log-heading" aria-busy={log.isPending} className="space-y-4">
      {/* The tab above says it already; kept for the page's outline. */}
      <h2 id="log-heading" className="sr-only">
        {MODERATION_TEXT.logTab}
      </h2>
      {log.isPending ? (
        <p role="status" className="text-slate-700">
          Loading...
        </p>
      ) : log.isError && !log.data ? (
        <div className="space-y-3">
          <Alert tone="error">{MODERATION_TEXT.logLoadFailed}</Alert>
          <Button variant="secondary" onClick={() => void log.refetch()} disabled={log.isFetching}>
            Try again
          </Button>
        </div>
      ) : actions.length === 0 ? (
        <Card as="p" frame="dashed" className="text-center text-slate-800">
          {MODERATION_TEXT.logEmpty}
        </Card>
      ) : (
        <Card as="div" frame="outlined" padding="none">
          <ol className="divide-y divide-slate-100">
            {actions.map((action) => (
              <li key={action.id} className="space-y-0.5 px-4 py-3 text-sm">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-semibold text-slate-900">{ACTION_LABELS[action.action]}</span>
                  <Target action={action} />
                  <When at={action.createdAt} className="ml-auto text-slate-600" />
                </p>
                <p className="text-slate-600">
                  {action.moderator ? `by ${action.moderator.name}` : 'by the system'}
                </p>
                {action.reason ? (
                  <p className="whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
                    “{action.reason}”
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        </Card>
      )}
      {log.isFetchNextPageError ? <Alert tone="error">{MODERATION_TEXT.logLoadFailed}</Alert> : null}
      {log.hasNextPage ? (
        <Button
          variant="secondary"
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          {log.isFetchingNextPage ? 'Loading more...' : 'Load more'}
        </Button>
      ) : null}
    </section>
  );
}
