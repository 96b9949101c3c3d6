/** POST /ad {businessId, image}: a business buys an ad; it shows in Sponsored, on its profile and in its transactions. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { transactionKeys } from '../../../lib/transactions';
import { adKeys } from './keys';

export interface NewAd {
  businessId: string;
  image: string;
}

export const createAd = (ad: NewAd) => api.post<unknown>('/ad', ad);

export function useCreateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAd,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adKeys.all }),
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
      ]),
  });
}
