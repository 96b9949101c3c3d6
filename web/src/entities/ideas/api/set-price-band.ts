/** PUT /ideas/price-band/{postId} {show}: the job's client lets its pictures show the price band, or takes it back. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobPriceBand } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { ideaKeys } from './keys';

export const setPriceBand = ({ postId, show }: { postId: string; show: boolean }) =>
  api.put<JobPriceBand>(`/ideas/price-band/${encodeURIComponent(postId)}`, { show });

export function useSetPriceBand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPriceBand,
    onSuccess: (band) => {
      queryClient.setQueryData(ideaKeys.priceBand(band.postId), band);
      return queryClient.invalidateQueries({ queryKey: ideaKeys.lists() });
    },
  });
}
