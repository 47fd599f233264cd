// The blocks calls (issue 32): the people the signed-in user blocked, unblocking one from /profile, and
// blocking one (the conversation screen's Block). Both writes end with the blocked list read again. The
// query client is emptied when the signed-in user changes (auth-context), so the key needs no user id.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Answer } from '../../../shared/contract';
import { call } from '../../lib/client';
import { retryUnlessClientError } from '../../lib/http';

export const blocksKeys = {
  all: ['blocks'] as const,
  list: ['blocks', 'list'] as const,
};

export type BlockedUser = Answer<'blockedUsers'>['users'][number];

export const fetchBlockedUsers = (signal?: AbortSignal) => call('blockedUsers', {}, { signal });

export const blockUser = (userId: number) => call('blockUser', { params: { userId } });

export const unblockUser = (userId: number) => call('unblockUser', { params: { userId } });

export const blockedUsersQueryOptions = () =>
  queryOptions({
    queryKey: blocksKeys.list,
    queryFn: ({ signal }) => fetchBlockedUsers(signal),
    select: (answer) => answer.users,
    retry: retryUnlessClientError,
  });

/** The people the signed-in user blocked, most recent first. */
export const useBlockedUsers = () => useQuery(blockedUsersQueryOptions());

/** Blocks someone: `mutate(userId)`. */
export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: blocksKeys.list }),
  });
}

/**
 * Unblocks someone: `mutate(userId)`. Their row leaves the list as soon as the server agrees, after
 * `onUnblocked` (here, not in mutate's own callbacks: those are dropped once the row has unmounted).
 */
export function useUnblockUser({ onUnblocked }: { onUnblocked?(userId: number): void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockUser,
    onSuccess: ({ userId }) => {
      onUnblocked?.(userId);
      queryClient.setQueryData<Answer<'blockedUsers'>>(blocksKeys.list, (answer) =>
        answer ? { users: answer.users.filter((user) => user.id !== userId) } : answer,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: blocksKeys.list }),
  });
}
