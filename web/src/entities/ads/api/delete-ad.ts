/**
 * DELETE /ad/{id}: a business removes one of its ads (from Sponsored and from its profile); a run that is paid and
 * not over is cancelled or stopped first with the refund rule applied. Its ads and its payments are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedAd } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { transactionKeys } from '../../../lib/transactions';
import { adKeys } from './keys';

export const deleteAd = (adId: string) => api.del<DeletedAd>(`/ad/${encodeURIComponent(adId)}`);

export function useDeleteAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAd,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adKeys.all }),
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
      ]),
  });
}
