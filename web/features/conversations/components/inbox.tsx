// The inbox at /messages (issue 32): the reader's conversations, latest activity first, each with
// its post's picture, the other person, the post, the last message and when, and an unread count.
// More load at the end of the list (or on 'Load more'). The stream keeps it current.
import { useMemo } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/page';
import { When } from '../../../components/ui/when';
import { type Conversation, useInbox } from '../api';
import { PostThumb } from './post-thumb';
import { badgeNumber, unreadLabel } from './unread-badge';

function Row({ conversation }: { conversation: Conversation }) {
  const last = conversation.lastMessage;
  const unread = conversation.unread > 0;
  return (
    <li>
      <Link
        to={`/messages/${conversation.id}`}
        className="flex items-center gap-3 px-3 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <PostThumb url={conversation.post.thumbUrl} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={`truncate text-slate-900 ${unread ? 'font-bold' : 'font-semibold'}`}>
              {conversation.other.name}
            </span>
            {last ? <When at={last.sentAt} className="shrink-0 text-xs text-slate-600" /> : null}
          </span>
          <span className="block truncate text-sm text-slate-700">{conversation.post.name}</span>
          <span className="flex items-center justify-between gap-2">
            <span className={`truncate text-sm ${unread ? 'font-medium text-slate-900' : 'text-slate-600'}`}>
              {last ? `${last.fromMe ? 'You: ' : ''}${last.body}` : ''}
            </span>
            {unread ? (
              <span className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs leading-5 font-semibold text-white">
                <span aria-hidden="true">{badgeNumber(conversation.unread)}</span>
                <span className="sr-only">{unreadLabel(conversation.unread)}</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

export function Inbox() {
  const inbox = useInbox();
  const conversations = useMemo(
    () => inbox.data?.pages.flatMap((page) => page.conversations) ?? [],
    [inbox.data],
  );
  if (inbox.isPending) return <Loading />;
  if (inbox.isError && !inbox.data)
    return (
      <div className="space-y-4">
        <Alert tone="error">{MSG.messages.loadFailed}</Alert>
        <Button variant="secondary" onClick={() => void inbox.refetch()} disabled={inbox.isFetching}>
          Try again
        </Button>
      </div>
    );
  if (conversations.length === 0) return <p className="text-slate-700">{MSG.messages.inboxEmpty}</p>;
  return (
    <div className="space-y-4">
      <Card as="section" frame="outlined" padding="none" aria-label={MSG.messages.title}>
        <ul className="divide-y divide-slate-200">
          {conversations.map((conversation) => (
            <Row key={conversation.id} conversation={conversation} />
          ))}
        </ul>
      </Card>
      {inbox.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void inbox.fetchNextPage()}
            disabled={inbox.isFetchingNextPage}
          >
            {inbox.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
