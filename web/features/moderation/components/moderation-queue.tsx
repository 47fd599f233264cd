// The review queue, most urgent first as the server orders it. After a decision the queue is read
// again; an item it no longer holds stays on screen under 'Decided on this visit' with its new state,
// so a moderator can undo (restore what they hid, reinstate whom they suspended). Focus goes to the
// decided card's title once the queue has been read again, and the server's message is a toast.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ModerationResult, QueueItem } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/http';
import { afterCommand, applyToAuthor, itemKey } from '../actions';
import { type ModerationCommand, moderationKeys, queueQueryOptions } from '../api';
import { MODERATION_TEXT, plural } from '../text';
import { cardHeadingId, QueueCard } from './queue-card';

export function ModerationQueue({
  moderatorId,
  notify,
}: {
  moderatorId: number;
  notify(text: string, tone?: 'success' | 'error'): void;
}) {
  const queryClient = useQueryClient();
  const queue = useQuery(queueQueryOptions());
  const [decided, setDecided] = useState<QueueItem[]>([]);
  /** The card to focus once the queue has been read again after a decision (it may have moved). */
  const focusAfterRead = useRef<{ item: QueueItem; read: typeof queue.data; at: number } | null>(null);

  useEffect(() => {
    const pending = focusAfterRead.current;
    if (!pending || (queue.data === pending.read && queue.dataUpdatedAt === pending.at)) return;
    focusAfterRead.current = null;
    document.getElementById(cardHeadingId(pending.item))?.focus();
  }, [queue.data, queue.dataUpdatedAt]);

  const onDone = (item: QueueItem, command: ModerationCommand, result: ModerationResult) => {
    const done = afterCommand(item, command, result.state);
    setDecided((list) => [
      done,
      ...list
        .filter((other) => itemKey(other) !== itemKey(item))
        .map((other) => applyToAuthor(other, command)),
    ]);
    notify(result.message);
    focusAfterRead.current = { item, read: queue.data, at: queue.dataUpdatedAt };
    // Feeds and post details elsewhere may now be wrong: stale, read again when next shown.
    void queryClient.invalidateQueries({ refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: moderationKeys.all });
  };

  const items = queue.data?.items ?? [];
  const inQueue = new Set(items.map(itemKey));
  // Their authors as the queue last read them (a decision adds to the author's history).
  const authors = new Map(items.map((item) => [item.author.id, item.author]));
  const decidedOnly = decided
    .filter((item) => !inQueue.has(itemKey(item)))
    .map((item) => ({ ...item, author: authors.get(item.author.id) ?? item.author }));
  const card = (item: QueueItem) => (
    <li key={itemKey(item)}>
      <QueueCard item={item} moderatorId={moderatorId} onDone={onDone} />
    </li>
  );

  return (
    <div className="space-y-8">
      <section aria-labelledby="queue-heading" aria-busy={queue.isPending} className="space-y-4">
        <div className="flex min-h-11 flex-wrap items-center justify-between gap-3">
          <h2 id="queue-heading" className="text-lg font-semibold text-slate-900">
            {queue.data ? `${plural(items.length, 'item')} to review` : MODERATION_TEXT.queueTab}
          </h2>
          <Button
            variant="secondary"
            onClick={() => void queue.refetch()}
            disabled={queue.isFetching}
            className="shrink-0"
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            Refresh
          </Button>
        </div>
        {queue.isPending ? (
          <p role="status" className="text-slate-700">
            Loading...
          </p>
        ) : queue.isError && !queue.data ? (
          <div className="space-y-3">
            <Alert tone="error">
              {queue.error instanceof ApiError && queue.error.status === 403
                ? MSG.auth.forbidden
                : MODERATION_TEXT.loadFailed}
            </Alert>
            <Button variant="secondary" onClick={() => void queue.refetch()} disabled={queue.isFetching}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <Card as="p" frame="dashed" className="text-center text-slate-800">
            {MSG.moderation.emptyQueue}
          </Card>
        ) : (
          <ul className="space-y-4">{items.map(card)}</ul>
        )}
      </section>
      {decidedOnly.length > 0 ? (
        <section aria-labelledby="decided-heading" className="space-y-3">
          <div>
            <h2 id="decided-heading" className="text-lg font-semibold text-slate-900">
              {MODERATION_TEXT.decided}
            </h2>
            <p className="text-sm text-slate-600">{MODERATION_TEXT.decidedNote}</p>
          </div>
          <ul className="space-y-4">{decidedOnly.map(card)}</ul>
        </section>
      ) : null}
    </div>
  );
}
