/** DELETE /ad/{id}: a business removes one of its ads (from Sponsored and from its profile). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adKeys } from './keys';

export const deleteAd = (adId: string) => api.del(`/ad/${encodeURIComponent(adId)}`);

export function useDeleteAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAd,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adKeys.all }),
  });
}
