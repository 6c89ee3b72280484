import { api, type User, type UserChanges, type UserInput } from '@ppl/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

export function useUsers() {
  return useQuery({ queryKey: queryKeys.users, queryFn: () => api.users.list() });
}

/** A create carries the password and its confirmation; an update the version it was read at. */
export type SaveUserInput = { id?: number; values: UserInput | UserChanges };

/** Create (with password and confirmation) or update (without them); the list and the dashboard reload after. */
export function useSaveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: SaveUserInput): Promise<User> => {
      if (id === undefined) {
        if (!('password' in values)) return Promise.reject(new Error('A new user needs a password'));
        return api.users.create(values);
      }
      const { name, email, role, status, updated_at } = values;
      return api.users.update(id, { name, email, role, status, updated_at });
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.users }),
        client.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]),
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.users.remove(id),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.users }),
        client.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]),
  });
}

/** An admin's Reset password action: sets another user's password (that user is signed out everywhere). */
export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password, confirmPassword }: { id: number; password: string; confirmPassword: string }) =>
      api.users.resetPassword(id, password, confirmPassword),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.users }),
  });
}
