/** GET /getBusinessFinishedJobs/{businessId}: a business's finished jobs with ratings and reviews, cursor-paged. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FinishedJob } from '../../../../../common/types';
import { api, cursorPaging, toQuery } from '../../../lib/api';
import { finishedJobKeys } from './keys';

const PAGE_SIZE = 100;

export const getBusinessFinishedJobs = (businessId: string, cursor?: string) =>
  api.page<FinishedJob>(
    `/getBusinessFinishedJobs/${encodeURIComponent(businessId)}${toQuery({ limit: PAGE_SIZE, cursor })}`,
  );

export const businessFinishedJobsQueryOptions = (businessId: string) =>
  infiniteQueryOptions({
    queryKey: finishedJobKeys.byBusiness(businessId),
    queryFn: ({ pageParam }) => getBusinessFinishedJobs(businessId, pageParam),
    ...cursorPaging,
  });

export const useBusinessFinishedJobs = (businessId: string) =>
  useInfiniteQuery(businessFinishedJobsQueryOptions(businessId));
