// Calls of the users feature (spec §7): the profile (fetch-user, update-user), the password change on
// /profile (change-password) and the two steps of /pass (current-user-password, update-password).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../shared/api-types';
import { api, retryUnlessClientError } from '../../lib/http';

export interface ProfileFields {
  name: string;
  email: string;
  phoneNumber: string;
}

export const usersKeys = {
  profile: (userId: number) => ['users', 'profile', userId] as const,
};

export const fetchUser = (userId: number, signal?: AbortSignal) =>
  api<PublicUser>(`/api/fetch-user?userId=${encodeURIComponent(userId)}`, { signal });

/** What update-user sends: a new email comes with the current password (the login changes). */
export type ProfileUpdate = ProfileFields & { currentPassword?: string };

export const updateUser = (userId: number, fields: ProfileUpdate) =>
  api<PublicUser & { message: string }>('/api/update-user', {
    method: 'PUT',
    body: { userId, ...fields },
  });

export const changePassword = (userId: number, currentPassword: string, newPassword: string) =>
  api<{ message: string }>('/api/change-password', {
    method: 'POST',
    body: { userId, currentPassword, newPassword },
  });

// The two /pass calls are form-encoded, as the spec sends them.
export const verifyCurrentPassword = (userId: number, providedPassword: string) =>
  api<{ message: string }>('/api/current-user-password', {
    method: 'POST',
    body: new URLSearchParams({ currentUser: String(userId), providedPassword }),
  });

export const updatePassword = (userId: number, newPassword: string) =>
  api<{ message: string }>('/api/update-password', {
    method: 'POST',
    body: new URLSearchParams({ currentUser: String(userId), newPassword }),
  });

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
    onSuccess: ({ id, name, email, phoneNumber }) => {
      queryClient.setQueryData(usersKeys.profile(userId), { id, name, email, phoneNumber });
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
