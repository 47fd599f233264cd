// Calls of the users feature (spec §7): the profile (fetch-user, update-user), the password change on
// /profile (change-password), the two steps of /pass (current-user-password, update-password) and
// whether the user's posts show their phone number (contact-settings, issue 32).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Sent } from '../../../shared/contract';
import { call } from '../../lib/client';
import { retryUnlessClientError } from '../../lib/http';

/** What update-user sends besides the user id: a new email comes with the current password (the login changes). */
export type ProfileUpdate = Omit<Sent<'updateUser', 'body'>, 'userId'>;
export type ProfileFields = Omit<ProfileUpdate, 'currentPassword'>;

export const usersKeys = {
  profile: (userId: number) => ['users', 'profile', userId] as const,
  // The call reads the session's user; the id in the key keeps one account's answer from another's.
  contactSettings: (userId: number) => ['users', 'contact-settings', userId] as const,
};

export type ContactSettings = Sent<'updateContactSettings', 'body'>;

export const fetchUser = (userId: number, signal?: AbortSignal) =>
  call('fetchUser', { query: { userId } }, { signal });

export const updateUser = (userId: number, fields: ProfileUpdate) =>
  call('updateUser', { body: { userId, ...fields } });

export const changePassword = (userId: number, currentPassword: string, newPassword: string) =>
  call('changePassword', { body: { userId, currentPassword, newPassword } });

// The two /pass calls are form-encoded, as the spec sends them (ROUTES says so).
export const verifyCurrentPassword = (userId: number, providedPassword: string) =>
  call('currentUserPassword', { body: { currentUser: userId, providedPassword } });

export const updatePassword = (userId: number, newPassword: string) =>
  call('updatePassword', { body: { currentUser: userId, newPassword } });

export const fetchContactSettings = (signal?: AbortSignal) => call('contactSettings', {}, { signal });

export const updateContactSettings = (body: ContactSettings) => call('updateContactSettings', { body });

export const profileQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: usersKeys.profile(userId),
    queryFn: ({ signal }) => fetchUser(userId, signal),
    // The profile is the user's own data and cheap to read: always confirm it when the screen opens.
    staleTime: 0,
    retry: retryUnlessClientError,
  });

export const useProfile = (userId: number) => useQuery(profileQueryOptions(userId));

/** Saves the profile; the cached profile becomes the server's copy of the user. */
export function useUpdateProfile(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: ProfileUpdate) => updateUser(userId, fields),
    onSuccess: ({ message: _message, ...user }) => {
      queryClient.setQueryData(usersKeys.profile(userId), user);
    },
  });
}

// The password calls change nothing that is cached, so they invalidate nothing.
export const useChangePassword = (userId: number) =>
  useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      changePassword(userId, input.currentPassword, input.newPassword),
  });

export const useVerifyPassword = (userId: number) =>
  useMutation({ mutationFn: (password: string) => verifyCurrentPassword(userId, password) });

export const useUpdatePassword = (userId: number) =>
  useMutation({ mutationFn: (newPassword: string) => updatePassword(userId, newPassword) });

export const useContactSettings = (userId: number) =>
  useQuery({
    queryKey: usersKeys.contactSettings(userId),
    queryFn: ({ signal }) => fetchContactSettings(signal),
    // Another device may have changed it: confirm it when the screen opens, as the profile does.
    staleTime: 0,
    retry: retryUnlessClientError,
  });

/** Saves the contact settings; the cached ones become the server's answer. */
export function useUpdateContactSettings(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactSettings,
    onSuccess: (saved) => queryClient.setQueryData(usersKeys.contactSettings(userId), saved),
  });
}
