/**
 * POST /ad {businessId, image, category, towns, startDate}: a business buys a Sponsored run: the answer is the ad awaiting its payment and where to pay
 * (the checkout); once paid it shows in Sponsored and on its profile. The payment is in its transactions at once.
 * With `includedRun` (a plan that includes a run this month) it is live or scheduled at once, with nothing to pay.
 * The request carries the Idempotency-Key of the user's action (lib/idempotency.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedAd } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { transactionKeys } from '../../../lib/transactions';
import { billingKeys } from '../../plans/api/get-billing';
import { adKeys } from './keys';

export interface NewAd {
  businessId: string;
  image: string;
  /** The service the run is shown for, its towns (none: the whole country) and its first day (none: when paid). */
  category?: string;
  towns?: string[];
  startDate?: string;
  /** The run the business's plan includes this month: no charge, no checkout. */
  includedRun?: boolean;
  /** Bought knowing it overlaps one of the business's own runs (else 409 AD_RUN_OVERLAP says what it would add). */
  allowOverlap?: boolean;
}

export const createAd = (ad: NewAd, idempotencyKey: string) =>
  api.post<CreatedAd>('/ad', ad, idempotencyHeaders(idempotencyKey));

export function useCreateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ad, idempotencyKey }: { ad: NewAd; idempotencyKey: string }) => createAd(ad, idempotencyKey),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adKeys.all }),
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
      ]),
  });
}
