// The moderation calls (issue 11), moderators only: the review queue, the decisions on posts,
// comments and accounts (each answers { success, message, state }) and the audit log, 50 a page.
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import type { Role } from '../../../shared/roles';
import { call } from '../../lib/client';
import { retryUnlessClientError } from '../../lib/http';

/** Items the queue screen asks for: more than a moderator works through in one sitting. */
export const QUEUE_LIMIT = 50;

export const moderationKeys = {
  all: ['moderation'] as const,
  queue: ['moderation', 'queue'] as const,
  actions: ['moderation', 'actions'] as const,
};

/** One decision: what it acts on (`kind` and `id`), the verb, and the moderator's optional reason. */
export type ModerationCommand =
  | { kind: 'post' | 'comment' | 'message'; verb: 'hide' | 'restore'; id: number; reason?: string }
  | { kind: 'user'; verb: 'suspend' | 'reinstate'; id: number; reason?: string }
  | { kind: 'user'; verb: 'role'; id: number; role: Role; reason?: string };

export const fetchQueue = (signal?: AbortSignal) =>
  call('moderationQueue', { query: { limit: QUEUE_LIMIT } }, { signal });

export const fetchActions = (cursor: string | null, signal?: AbortSignal) =>
  call('moderationActions', { query: { cursor: cursor ?? undefined } }, { signal });

/** The contract's call for each decision on a post, a comment or an account. */
const DECISION_CALLS = {
  post: { hide: 'hidePost', restore: 'restorePost' },
  comment: { hide: 'hideComment', restore: 'restoreComment' },
  message: { hide: 'hideMessage', restore: 'restoreMessage' },
  user: { suspend: 'suspendUser', reinstate: 'reinstateUser' },
} as const;

export function runCommand(command: ModerationCommand) {
  const reason = command.reason?.trim() ? { reason: command.reason.trim() } : {};
  const params = { id: command.id };
  if (command.verb === 'role')
    return call('setUserRole', { params, body: { role: command.role, ...reason } });
  const name =
    command.kind === 'user' ? DECISION_CALLS.user[command.verb] : DECISION_CALLS[command.kind][command.verb];
  return call(name, { params, body: reason });
}

export const queueQueryOptions = () =>
  queryOptions({
    queryKey: moderationKeys.queue,
    queryFn: ({ signal }) => fetchQueue(signal),
    // The queue changes with every report and decision: read it whenever the screen shows it.
    staleTime: 0,
    retry: retryUnlessClientError,
  });

export const actionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: moderationKeys.actions,
    queryFn: ({ pageParam, signal }) => fetchActions(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
    retry: retryUnlessClientError,
  });

export const useModerate = () => useMutation({ mutationFn: runCommand });
