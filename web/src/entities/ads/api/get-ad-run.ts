/** GET /ad/{id}: one of the business's Sponsored runs with its figures per day (the run's page, "Run it again"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdRunDetail } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { adKeys } from './keys';

export const getAdRun = (adId: string) => api.get<AdRunDetail>(`/ad/${encodeURIComponent(adId)}`);

export const adRunQueryOptions = (adId: string) =>
  queryOptions({ queryKey: adKeys.run(adId), queryFn: () => getAdRun(adId) });

export const useAdRun = (adId: string | undefined) => useQuery({ ...adRunQueryOptions(adId ?? ''), enabled: !!adId });
