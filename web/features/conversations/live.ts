// The signed-in tab's live connection (issue 32, decision 040): one EventSource on GET /api/events.
// Its events are written into the query entries the screens read: a `message` into its thread (and
// the inbox and that conversation are asked again), `unread` into the header's counts. The browser
// reconnects by itself with Last-Event-ID and gets what it missed. A tab hidden for a minute lets its
// stream go (a phone's radio and the server's streams are not spent on a tab nobody looks at) and
// opens it again, from the last event it had, when it is shown. The outbox (outbox.ts) is sent from
// here when the browser comes back online, whichever screen is open, and again after a while (15 s,
// doubling to 5 minutes) while a failed send still waits. A stream the server closed for a newer one
// (more than 5 of one person's) is not reopened until its tab is shown again. Other features' events
// on the same stream (notifications, issue 33) come through the listeners the layout passes in.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pathOf } from '../../lib/client';
import { addMessage, type ChatMessage, conversationsKeys, type UnreadCounts } from './api';
import { flushOutbox, hasWaiting, resumeOutbox } from './outbox';

const HIDDEN_GRACE_MS = 60_000;
/** Past this, a replay could miss what the server no longer keeps (a day): start afresh instead. */
const REPLAY_WITHIN_MS = 60 * 60_000;
/** After the server refused the stream (a session that ended): try again this much later. */
const REFUSED_RETRY_MS = 30_000;
/** A failed send waiting while online: tried again after this, doubling up to the most. */
const RESEND_FIRST_MS = 15_000;
const RESEND_MOST_MS = 5 * 60_000;

/**
 * Another feature's part of the stream, passed in by the layout (this feature does not know them): what
 * to do with each of its events, by name, and what to ask again when a fresh connection may have
 * missed some (a reconnect without a replay).
 */
export interface LiveListener {
  events: Readonly<Record<string, (queryClient: QueryClient, data: unknown) => void>>;
  missed(queryClient: QueryClient): void;
}

const NO_LISTENERS: readonly LiveListener[] = [];

function onMessage(queryClient: QueryClient, conversationId: number, message: ChatMessage) {
  addMessage(queryClient, conversationId, message);
  void queryClient.invalidateQueries({ queryKey: conversationsKeys.inbox });
  void queryClient.invalidateQueries({ queryKey: conversationsKeys.one(conversationId) });
}

/**
 * Holds the live connection while mounted (the layout mounts it for a signed-in user). `listeners` is a
 * constant: a new list opens a new stream.
 */
export function useLiveEvents(userId: number, listeners: readonly LiveListener[] = NO_LISTENERS) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let lastEventId: string | undefined;
    let everOpened = false;
    let closedAt = 0;
    let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let resendTimer: ReturnType<typeof setTimeout> | undefined;
    let resendAfter = RESEND_FIRST_MS;

    const sent = (conversationId: number, message: ChatMessage) =>
      onMessage(queryClient, conversationId, message);
    const flush = () => {
      clearTimeout(resendTimer);
      void flushOutbox(userId, sent).then(() => {
        if (!hasWaiting(userId)) {
          resendAfter = RESEND_FIRST_MS;
          return;
        }
        // Still waiting: offline (the online event sends it) or a send failed; try again later.
        resendTimer = setTimeout(flush, resendAfter);
        resendAfter = Math.min(resendAfter * 2, RESEND_MOST_MS);
      });
    };

    const open = () => {
      if (source) return;
      if (closedAt && Date.now() - closedAt > REPLAY_WITHIN_MS) lastEventId = undefined;
      const url = lastEventId
        ? `${pathOf('events')}?lastEventId=${encodeURIComponent(lastEventId)}`
        : pathOf('events');
      const stream = new EventSource(url, { withCredentials: true });
      source = stream;
      const remember = (event: MessageEvent) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
      };
      stream.addEventListener('message', (event) => {
        remember(event);
        const data = JSON.parse(event.data) as { conversationId: number; message: ChatMessage };
        onMessage(queryClient, data.conversationId, data.message);
      });
      stream.addEventListener('unread', (event) => {
        remember(event);
        queryClient.setQueryData<UnreadCounts>(conversationsKeys.unread, JSON.parse(event.data));
      });
      for (const listener of listeners)
        for (const [name, handle] of Object.entries(listener.events))
          stream.addEventListener(name, (event) => {
            remember(event);
            handle(queryClient, JSON.parse(event.data));
          });
      // A new connection may have missed what happened while there was none (a fresh one starts from
      // the current counts, not a replay): threads on screen ask again.
      stream.addEventListener('open', () => {
        if (everOpened && !lastEventId) {
          void queryClient.invalidateQueries({ queryKey: conversationsKeys.all });
          for (const listener of listeners) listener.missed(queryClient);
        }
        everOpened = true;
        flush();
      });
      // The server closed this one for a newer stream of the same person: stay closed until shown.
      stream.addEventListener('closed', () => {
        stream.close();
        if (source === stream) source = undefined;
      });
      stream.addEventListener('error', () => {
        // CONNECTING: the browser retries by itself. CLOSED: the server refused it (signed out
        // elsewhere, say); the app signs out on the next call's 401, or this tries again later.
        if (stream.readyState !== EventSource.CLOSED) return;
        source = undefined;
        closedAt = Date.now();
        retryTimer = setTimeout(open, REFUSED_RETRY_MS);
      });
    };
    const close = () => {
      source?.close();
      source = undefined;
      closedAt = Date.now();
    };
    const onVisibility = () => {
      clearTimeout(hiddenTimer);
      if (document.visibilityState === 'hidden') hiddenTimer = setTimeout(close, HIDDEN_GRACE_MS);
      else open();
    };

    resumeOutbox(userId);
    open();
    flush();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', flush);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', flush);
      clearTimeout(hiddenTimer);
      clearTimeout(retryTimer);
      clearTimeout(resendTimer);
      close();
    };
  }, [userId, queryClient, listeners]);
}
