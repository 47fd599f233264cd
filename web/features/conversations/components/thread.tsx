// One conversation at /messages/{id} (issue 32): its post at the top (picture, name, price, status,
// a link to it) with Block and Report in a menu; the safety tip when the other account is new; the
// messages oldest to newest, newest at the bottom, live (the stream writes them into the query); the
// reader's messages still on their way; and the box to write in, kept at the bottom of the screen.
// What the reader sees is marked read while the tab is in view.
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../../shared/format';
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { StatusBadge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/page';
import { isClientError } from '../../../lib/http';
import { useSignedInUser } from '../../auth';
import { addMessage, conversationsKeys, useConversation, useMarkRead, useMessages } from '../api';
import { discardMessage, flushOutbox, queueMessage, retryMessage, usePending } from '../outbox';
import { Composer } from './composer';
import { MessageBubble, PendingBubble } from './message-bubble';
import { PostThumb } from './post-thumb';
import { ThreadMenu } from './thread-menu';

/** Within this of the bottom, a new message scrolls the page down to it. */
const NEAR_BOTTOM_PX = 160;
const nearBottom = () =>
  window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - NEAR_BOTTOM_PX;

function useVisible() {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

export function ConversationThread({ conversationId }: { conversationId: number }) {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const conversation = useConversation(conversationId);
  const messages = useMessages(conversationId);
  const pending = usePending(user.id, conversationId);
  const markRead = useMarkRead(conversationId);
  const visible = useVisible();
  const [menuError, setMenuError] = useState<string | null>(null);

  const ordered = useMemo(
    () => (messages.data?.pages.flatMap((page) => page.messages) ?? []).slice().reverse(),
    [messages.data],
  );
  const lastFromOther = [...ordered].reverse().find((m) => !m.fromMe)?.id;
  const unread = conversation.data?.unread ?? 0;

  // Read while in view: on opening, and when a message comes in (its event asks for the
  // conversation again, which then has unread > 0).
  const { mutate: read } = markRead;
  useEffect(() => {
    if (visible && unread > 0) read();
  }, [visible, unread, read]);

  // Opened at the newest message; later, a new message brings the page down to it when the reader
  // was at the bottom (not when they had scrolled up to read older ones).
  const shown = ordered.length + pending.length;
  const first = useRef(true);
  const wasNearBottom = useRef(true);
  useEffect(() => {
    const onScroll = () => {
      wasNearBottom.current = nearBottom();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    if (shown === 0) return;
    if (first.current || wasNearBottom.current) window.scrollTo(0, document.documentElement.scrollHeight);
    first.current = false;
  }, [shown]);

  const send = (text: string) => {
    queueMessage(user.id, conversationId, text);
    wasNearBottom.current = true;
    void flushOutbox(user.id, (id, message) => addMessage(queryClient, id, message));
  };

  if (conversation.isPending) return <Loading />;
  if (conversation.isError)
    return (
      <div className="space-y-4">
        <Alert tone="error">
          {isClientError(conversation.error) ? MSG.messages.notFound : MSG.messages.loadFailed}
        </Alert>
        <Link to="/messages" className={buttonClass('secondary')}>
          {MSG.messages.backToInbox}
        </Link>
      </div>
    );
  const c = conversation.data;

  return (
    <div className="flex min-h-[calc(100dvh-4.75rem)] flex-col">
      <div className="flex items-start gap-2 border-b border-slate-200 pb-3">
        <Link
          to="/messages"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
          <span className="sr-only">{MSG.messages.backToInbox}</span>
        </Link>
        <Link to={`/posts/${c.post.id}`} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg py-0.5">
          <PostThumb url={c.post.thumbUrl} />
          <span className="min-w-0">
            <span className="block truncate font-semibold text-slate-900">{c.post.name}</span>
            <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
              <span className="font-semibold text-brand-800">
                {formatMoney(c.post.price, c.post.currency)}
              </span>
              <StatusBadge status={c.post.status} />
            </span>
          </span>
        </Link>
        <ThreadMenu
          other={c.other}
          reportableId={lastFromOther}
          onChanged={() => {
            setMenuError(null);
            void queryClient.invalidateQueries({ queryKey: conversationsKeys.one(conversationId) });
          }}
          onError={setMenuError}
        />
      </div>
      <h1 className="mt-3 text-lg font-bold text-slate-900">{c.other.name}</h1>
      {menuError ? <Alert tone="error">{menuError}</Alert> : null}
      {c.safetyTip ? (
        <div className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-3 text-sm text-amber-950">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
          <p>{c.safetyTip}</p>
        </div>
      ) : null}

      <div className="flex-1 py-3">
        {messages.hasNextPage ? (
          <div className="mb-3 flex justify-center">
            <Button
              variant="secondary"
              onClick={() => void messages.fetchNextPage()}
              disabled={messages.isFetchingNextPage}
            >
              {messages.isFetchingNextPage ? 'Loading…' : MSG.messages.earlier}
            </Button>
          </div>
        ) : null}
        {messages.isPending ? <Loading /> : null}
        {messages.isError && !messages.data ? <Alert tone="error">{MSG.messages.loadFailed}</Alert> : null}
        <ol aria-label={MSG.messages.title} className="space-y-2">
          {ordered.map((message) => (
            <MessageBubble key={message.id} message={message} otherName={c.other.name} />
          ))}
          {pending.map((message) => (
            <PendingBubble
              key={message.key}
              message={message}
              onRetry={() => {
                retryMessage(user.id, message.key);
                void flushOutbox(user.id, (id, m) => addMessage(queryClient, id, m));
              }}
              onDiscard={() => discardMessage(user.id, message.key)}
            />
          ))}
        </ol>
      </div>

      <div className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-white px-4 py-2">
        {c.blocked ? (
          <p className="py-2 text-sm text-slate-700">{MSG.messages.blockedNote}</p>
        ) : (
          <Composer onSend={send} />
        )}
      </div>
    </div>
  );
}
