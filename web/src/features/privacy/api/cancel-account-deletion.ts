/** DELETE /account/deletion: keep the caller's closed account (needs a sign-in made after it was closed). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountDeletion } from '../../../../../common/schemas/privacy';
import { api } from '../../../lib/api';
import { privacyKeys } from './keys';

export const cancelAccountDeletion = () => api.del<AccountDeletion>('/account/deletion');

export function useCancelAccountDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAccountDeletion,
    onSuccess: (kept) => queryClient.setQueryData(privacyKeys.deletion(), kept),
  });
}
