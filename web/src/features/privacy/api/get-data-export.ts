/**
 * GET /account/export: the caller's latest data export. While it is being made the query asks again every few
 * seconds, so the screen turns to "ready" (with its download link) by itself.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataExport } from '../../../../../common/schemas/privacy';
import { api } from '../../../lib/api';
import { privacyKeys } from './keys';

/** How often the status is read again while the export is being made. */
export const EXPORT_POLL_MS = 3000;

export const getDataExport = () => api.get<DataExport>('/account/export');

export const dataExportQueryOptions = () =>
  queryOptions({
    queryKey: privacyKeys.dataExport(),
    queryFn: getDataExport,
    refetchInterval: (query) =>
      query.state.data?.status === 'requested' || query.state.data?.status === 'running' ? EXPORT_POLL_MS : false,
  });

export const useDataExport = () => useQuery(dataExportQueryOptions());
