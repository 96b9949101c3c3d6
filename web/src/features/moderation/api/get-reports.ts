/** GET /moderation/reports?status=: the reported items of one status (open: oldest first), cursor-paged. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReportStatus } from '../../../../../common/constants';
import { api, cursorPaging, toQuery } from '../../../lib/api';
import { moderationKeys } from './keys';
import type { ReportedItem } from './types';

const PAGE_SIZE = 20;

export const getReports = (status: ReportStatus, cursor?: string) =>
  api.page<ReportedItem>(`/moderation/reports${toQuery({ status, limit: PAGE_SIZE, cursor })}`);

export const reportsQueryOptions = (status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.reportList(status),
    queryFn: ({ pageParam }) => getReports(status, pageParam),
    ...cursorPaging,
  });

export const useReports = (status: ReportStatus) => useInfiniteQuery(reportsQueryOptions(status));
