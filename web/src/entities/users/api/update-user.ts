/** PUT /user/{id}: a client edits their profile; the profile and the signed-in account (navbar, menu) show it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientUser } from '../../../../../common/types';
import { useAuth } from '../../../auth/AuthProvider';
import { userKeys } from '../../../auth/account';
import { api } from '../../../lib/api';

export type UserChanges = Partial<Pick<ClientUser, 'username' | 'location' | 'profilePicture'>>;

export const updateUser = ({ userId, changes }: { userId: string; changes: UserChanges }) =>
  api.put<ClientUser | undefined>(`/user/${encodeURIComponent(userId)}`, changes);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  const { reloadAccount } = useAuth();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (_result, { userId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: userKeys.detail(userId) }), reloadAccount()]),
  });
}
