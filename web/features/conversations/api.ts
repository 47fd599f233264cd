// The conversations calls (issue 32): the inbox and a thread (keyset pages), starting a conversation
// from a post, marking a thread read, and the unread counts the header shows. What the live stream
// brings (live.ts) is written into the same query entries, so a screen never asks twice for it.
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Answer } from '../../../shared/contract';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/idempotency';
import { call } from '../../lib/client';
import { retryUnlessClientError } from '../../lib/http';

export type Conversation = Answer<'conversation'>;
export type ChatMessage = Answer<'sendMessage'>['message'];
export type UnreadCounts = Answer<'unreadCounts'>;
type MessagesPage = Answer<'conversationMessages'>;

export const conversationsKeys = {
  all: ['conversations'] as const,
  inbox: ['conversations', 'inbox'] as const,
  one: (id: number) => ['conversations', 'one', id] as const,
  messages: (id: number) => ['conversations', 'messages', id] as const,
  unread: ['conversations', 'unread'] as const,
};

export const inboxQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: conversationsKeys.inbox,
    queryFn: ({ pageParam, signal }) =>
      call('conversations', { query: { cursor: pageParam ?? undefined } }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: retryUnlessClientError,
  });

export const useInbox = () => useInfiniteQuery(inboxQueryOptions());

export const useConversation = (id: number) =>
  useQuery({
    queryKey: conversationsKeys.one(id),
    queryFn: ({ signal }) => call('conversation', { params: { id } }, { signal }),
    retry: retryUnlessClientError,
  });

/** A thread's messages, newest first in each page (the screen shows them oldest first). */
export const useMessages = (id: number) =>
  useInfiniteQuery({
    queryKey: conversationsKeys.messages(id),
    queryFn: ({ pageParam, signal }) =>
      call('conversationMessages', { params: { id }, query: { cursor: pageParam ?? undefined } }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: retryUnlessClientError,
  });

/** The header's counts: fetched once, then kept current by the live stream's `unread` events. */
export const useUnreadCounts = (enabled: boolean) =>
  useQuery({
    queryKey: conversationsKeys.unread,
    queryFn: ({ signal }) => call('unreadCounts', {}, { signal }),
    enabled,
    staleTime: 60_000,
    retry: retryUnlessClientError,
  });

/** Writes part of the header's counts (a read mark's answer); the rest stay as they are. */
export function setUnreadCounts(queryClient: QueryClient, change: Partial<UnreadCounts>) {
  queryClient.setQueryData<UnreadCounts>(conversationsKeys.unread, (counts) =>
    counts ? { ...counts, ...change } : counts,
  );
}

/** Puts a message into a thread's first page unless it is there (the stream and the answer both bring it). */
export function addMessage(queryClient: QueryClient, conversationId: number, message: ChatMessage) {
  queryClient.setQueryData<InfiniteData<MessagesPage, string | null>>(
    conversationsKeys.messages(conversationId),
    (data) => {
      if (!data) return data;
      if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
      const [first, ...rest] = data.pages;
      if (!first) return data;
      return { ...data, pages: [{ ...first, messages: [message, ...first.messages] }, ...rest] };
    },
  );
}

/** POST /api/conversations: ask a post's owner; answers the conversation to open. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, message }: { postId: number; message: string }) =>
      call('startConversation', { body: { postId, message } }),
    onSuccess: ({ conversation }) => {
      queryClient.setQueryData(conversationsKeys.one(conversation.id), conversation);
      void queryClient.invalidateQueries({ queryKey: conversationsKeys.inbox });
      void queryClient.invalidateQueries({ queryKey: conversationsKeys.messages(conversation.id) });
    },
  });
}

/** POST /api/conversations/{id}/messages with the message's own key: sent twice, stored once. */
export const postMessage = (conversationId: number, body: string, key: string) =>
  call('sendMessage', {
    params: { id: conversationId },
    body: { message: body },
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
  });

/** Marks the caller's side read; the stream's `unread` event then brings the new counts. */
export function useMarkRead(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('readConversation', { params: { id: conversationId } }),
    onSuccess: () => {
      queryClient.setQueryData<Conversation>(conversationsKeys.one(conversationId), (c) =>
        c ? { ...c, unread: 0 } : c,
      );
      void queryClient.invalidateQueries({ queryKey: conversationsKeys.unread });
    },
  });
}
