// Messages on their way (issue 32): each written message waits here, on the device, until the server
// has stored it. It is sent with a key of its own (the Idempotency-Key), so a send whose answer was
// lost, repeated when the connection is back, is stored once. Offline, it shows in its thread as
// 'Waiting for connection' and goes when the browser is online again, whichever screen is open (the
// live connection, live.ts, flushes it). Kept under the drafts' prefix: signing out removes it.
import { useSyncExternalStore } from 'react';
import { DRAFT_PREFIX } from '../../lib/draft-keys';
import { isClientError } from '../../lib/http';
import { type ChatMessage, postMessage } from './api';

export interface PendingMessage {
  key: string;
  conversationId: number;
  body: string;
  /** ISO time it was written. */
  writtenAt: string;
  /** 'waiting': to send when online; 'failed': the server refused it (`reason`), sent again on a tap. */
  state: 'waiting' | 'sending' | 'failed';
  reason?: string;
}

const storageKey = (userId: number) => `${DRAFT_PREFIX}${userId}:outbox`;
const listeners = new Set<() => void>();
let cache: { userId: number; raw: string | null; list: PendingMessage[] } | undefined;

function read(userId: number): PendingMessage[] {
  const raw = localStorage.getItem(storageKey(userId));
  if (cache?.userId === userId && cache.raw === raw) return cache.list;
  let list: PendingMessage[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) list = parsed as PendingMessage[];
  } catch {
    // a damaged entry is dropped
  }
  cache = { userId, raw, list };
  return list;
}

function write(userId: number, list: PendingMessage[]) {
  try {
    if (list.length === 0) localStorage.removeItem(storageKey(userId));
    else localStorage.setItem(storageKey(userId), JSON.stringify(list));
  } catch {
    // storage full: the message still goes now, it just would not survive a reload
  }
  for (const listener of listeners) listener();
}

function update(userId: number, key: string, change: Partial<PendingMessage> | null) {
  const list = read(userId);
  write(
    userId,
    change === null
      ? list.filter((m) => m.key !== key)
      : list.map((m) => (m.key === key ? { ...m, ...change } : m)),
  );
}

const newKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Keeps a message to send; answers it. */
export function queueMessage(userId: number, conversationId: number, body: string): PendingMessage {
  const message: PendingMessage = {
    key: newKey(),
    conversationId,
    body,
    writtenAt: new Date().toISOString(),
    state: 'waiting',
  };
  write(userId, [...read(userId), message]);
  return message;
}

/** Sends a failed message again, or lets it go. */
export const retryMessage = (userId: number, key: string) =>
  update(userId, key, { state: 'waiting', reason: undefined });
export const discardMessage = (userId: number, key: string) => update(userId, key, null);

/** The messages of one thread still on their way, oldest first. */
export function usePending(userId: number, conversationId: number): PendingMessage[] {
  const all = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      window.addEventListener('storage', listener);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', listener);
      };
    },
    () => read(userId),
  );
  return all.filter((m) => m.conversationId === conversationId);
}

/** Each user's run in progress (a second call joins it). */
const flushing = new Map<number, Promise<void>>();

/**
 * Sends every waiting message in order, one at a time. A network failure or a server error stops the
 * run (they wait for the next); a refusal (blocked, too many) marks that one failed with the reason.
 * `onSent` hears each stored message. One run at a time: a second call joins the first.
 */
export function flushOutbox(
  userId: number,
  onSent: (conversationId: number, message: ChatMessage) => void,
): Promise<void> {
  const inProgress = flushing.get(userId);
  if (inProgress) return inProgress;
  const run = (async () => {
    for (;;) {
      if (!navigator.onLine) return;
      const next = read(userId).find((m) => m.state === 'waiting');
      if (!next) return;
      update(userId, next.key, { state: 'sending' });
      try {
        const { message } = await postMessage(next.conversationId, next.body, next.key);
        update(userId, next.key, null);
        onSent(next.conversationId, message);
      } catch (error) {
        if (!isClientError(error)) {
          update(userId, next.key, { state: 'waiting' });
          return;
        }
        update(userId, next.key, { state: 'failed', reason: (error as Error).message });
      }
    }
  })();
  // Cleared once settled (not inside the run: a run with nothing to send ends before it is stored).
  const settled = run.finally(() => flushing.delete(userId));
  flushing.set(userId, settled);
  return settled;
}

/** Whether messages still wait to be sent (after a run that a network or server failure stopped). */
export const hasWaiting = (userId: number) => read(userId).some((m) => m.state === 'waiting');

/** A message left 'sending' by a closed tab is waiting again when the app starts. */
export function resumeOutbox(userId: number) {
  const list = read(userId);
  if (list.some((m) => m.state === 'sending'))
    write(
      userId,
      list.map((m) => (m.state === 'sending' ? { ...m, state: 'waiting' } : m)),
    );
}
