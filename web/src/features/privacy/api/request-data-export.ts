/** POST /account/export: ask for a copy of everything held about the caller (one a day); the status follows. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataExport } from '../../../../../common/schemas/privacy';
import { api } from '../../../lib/api';
import { privacyKeys } from './keys';

export const requestDataExport = () => api.post<DataExport>('/account/export');

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (asked) => queryClient.setQueryData(privacyKeys.dataExport(), asked),
    onError: () => queryClient.invalidateQueries({ queryKey: privacyKeys.dataExport() }),
  });
}
