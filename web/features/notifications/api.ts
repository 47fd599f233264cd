// The notifications calls (issue 33): the list (keyset pages, newest first), read marks, the email
// settings and the saved searches. The unread count is the header's (GET /api/me/unread, kept by the
// live stream in the conversations feature); a read mark writes its answer there. The stream's
// `notification` events are written into the list here (live.ts), so an open list shows them at once.
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Answer, Sent } from '../../../shared/contract';
import { call } from '../../lib/client';
import { retryUnlessClientError } from '../../lib/http';
import { setUnreadCounts } from '../conversations';

export type Notification = Answer<'notifications'>['notifications'][number];
type NotificationsPage = Answer<'notifications'>;
type NotificationPages = InfiniteData<NotificationsPage, string | null>;
export type NotificationSettings = Answer<'notificationSettings'>;
export type EmailSettingKey = keyof NotificationSettings['email'];
export type SavedSearch = Answer<'seeSavedSearch'>;
export type SavedSearchFields = Sent<'createSavedSearch', 'body'>;

export const notificationsKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  settings: ['notifications', 'settings'] as const,
  savedSearches: ['notifications', 'saved-searches'] as const,
};

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationsKeys.list,
    queryFn: ({ pageParam, signal }) =>
      call('notifications', { query: { cursor: pageParam ?? undefined } }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: retryUnlessClientError,
  });

export const useNotifications = () => useInfiniteQuery(notificationsQueryOptions());

/** Every loaded notification with `change` applied to those `which` picks. */
function updateLoaded(
  queryClient: QueryClient,
  which: (notification: Notification) => boolean,
  change: Partial<Notification>,
) {
  queryClient.setQueryData<NotificationPages>(notificationsKeys.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((n) => (which(n) ? { ...n, ...change } : n)),
          })),
        }
      : data,
  );
}

/**
 * A notification from the stream, first in the loaded list. One already there (a grouped one that
 * gained an actor) moves up with its new text. Nothing is loaded: the list reads it when it opens.
 */
export function addNotification(queryClient: QueryClient, notification: Notification) {
  queryClient.setQueryData<NotificationPages>(notificationsKeys.list, (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      notifications: page.notifications.filter((n) => n.id !== notification.id),
    }));
    const [first, ...rest] = pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, notifications: [notification, ...first.notifications] }, ...rest] };
  });
}

/** The ids given, or every notification without ids; the answer's count goes to the header. */
export function useReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => call('readNotifications', { body: ids ? { ids } : {} }),
    // Read at once on screen (the reader is on their way to the notification's page).
    onMutate: (ids) => {
      updateLoaded(queryClient, (n) => !ids || ids.includes(n.id), { read: true });
    },
    onSuccess: ({ unread }) => setUnreadCounts(queryClient, { notifications: unread }),
    // Failed: the server's marks and count are the truth.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: notificationsKeys.list });
    },
  });
}

export const useNotificationSettings = () =>
  useQuery({
    queryKey: notificationsKeys.settings,
    queryFn: ({ signal }) => call('notificationSettings', {}, { signal }),
    // Another device may have changed them: confirm them when the screen opens.
    staleTime: 0,
    retry: retryUnlessClientError,
  });

interface SettingChange {
  key: EmailSettingKey;
  on: boolean;
}

/**
 * Saves one switch (PUT sends only it; the server keeps the others). The switch shows its new position
 * at once and goes back if the save fails. Saves go one after another, in the order tapped, so quick
 * taps end where the reader left them.
 */
export function useSaveNotificationSetting() {
  const queryClient = useQueryClient();
  const write = ({ key, on }: SettingChange) =>
    queryClient.setQueryData<NotificationSettings>(notificationsKeys.settings, (settings) =>
      settings ? { email: { ...settings.email, [key]: on } } : settings,
    );
  return useMutation({
    scope: { id: 'notification-settings' },
    mutationFn: ({ key, on }: SettingChange) =>
      call('updateNotificationSettings', { body: { email: { [key]: on } } }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationsKeys.settings });
      write(change);
    },
    onError: (_error, { key, on }) => write({ key, on: !on }),
    onSuccess: (answer, { key }) => write({ key, on: answer.email[key] }),
  });
}

export const useSavedSearches = () =>
  useQuery({
    queryKey: notificationsKeys.savedSearches,
    queryFn: ({ signal }) => call('savedSearches', {}, { signal }),
    // New posts keep coming: each visit counts them afresh.
    staleTime: 0,
    retry: retryUnlessClientError,
  });

/** Every saved search in the cache with `change` applied to one. */
function updateSavedSearches(queryClient: QueryClient, change: (searches: SavedSearch[]) => SavedSearch[]) {
  queryClient.setQueryData<Answer<'savedSearches'>>(notificationsKeys.savedSearches, (data) =>
    data ? { savedSearches: change(data.savedSearches) } : data,
  );
}

/** POST /api/saved-searches: 201 with the saved search; 409 past the most a person may keep. */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: SavedSearchFields) => call('createSavedSearch', { body: fields }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.savedSearches }),
  });
}

/** The reader opened a saved search: its new posts are seen (0 at once, the server's answer after). */
export function useSeeSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('seeSavedSearch', { params: { id } }),
    onMutate: (id) =>
      updateSavedSearches(queryClient, (all) => all.map((s) => (s.id === id ? { ...s, newCount: 0 } : s))),
    onSuccess: (seen) =>
      updateSavedSearches(queryClient, (all) => all.map((s) => (s.id === seen.id ? seen : s))),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('deleteSavedSearch', { params: { id } }),
    onSuccess: ({ id }) => updateSavedSearches(queryClient, (all) => all.filter((s) => s.id !== id)),
  });
}
