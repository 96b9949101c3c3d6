/**
 * POST /moderation/reports/{id}/decision: hide the item, dismiss the reports, or suspend the owner's
 * account. The decided entry leaves the open list at once; every status list reloads (also when another
 * moderator decided first: 409 ALREADY_DECIDED).
 */
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { z } from 'zod';
import type { decisionBody } from '../../../../../common/schemas/moderation';
import { api, ApiError, type ApiPage } from '../../../lib/api';
import { moderationKeys } from './keys';
import type { ReportedItem } from './types';

export type ReportDecision = z.input<typeof decisionBody>;

export const decideReport = (id: string, decision: ReportDecision) =>
  api.post<ReportedItem>(`/moderation/reports/${encodeURIComponent(id)}/decision`, decision);

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ReportDecision }) => decideReport(id, decision),
    onSuccess: (_decided, { id }) => {
      queryClient.setQueryData<InfiniteData<ApiPage<ReportedItem[]>>>(moderationKeys.reportList('open'), (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((r) => r._id !== id) })) }
          : data,
      );
      return queryClient.invalidateQueries({ queryKey: moderationKeys.reports() });
    },
    // Decided meanwhile by another moderator: the lists reload to show that decision.
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'ALREADY_DECIDED')
        void queryClient.invalidateQueries({ queryKey: moderationKeys.reports() });
    },
  });
}
