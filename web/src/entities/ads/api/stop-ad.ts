/**
 * POST /ad/{id}/stop: a business cancels one of its runs before its first day, or stops it while live, with the
 * refund rule applied (common/adRuns.ts runStopTerms). Its ads and its payments are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoppedAd } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { transactionKeys } from '../../../lib/transactions';
import { adKeys } from './keys';

export const stopAd = (adId: string) => api.post<StoppedAd>(`/ad/${encodeURIComponent(adId)}/stop`);

export function useStopAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopAd,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adKeys.all }),
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
      ]),
  });
}
