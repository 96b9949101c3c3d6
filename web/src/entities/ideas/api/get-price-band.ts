/** GET /ideas/price-band/{postId}: the client's finished job's price band, and whether its pictures show it. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobPriceBand } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { ideaKeys } from './keys';

export const getPriceBand = (postId: string) =>
  api.get<JobPriceBand>(`/ideas/price-band/${encodeURIComponent(postId)}`);

export const priceBandQueryOptions = (postId: string) =>
  queryOptions({ queryKey: ideaKeys.priceBand(postId), queryFn: () => getPriceBand(postId) });

export const usePriceBand = (postId: string) => useQuery(priceBandQueryOptions(postId));
