/** POST /report: a signed-in user reports a request, a business profile or a review (one report per user per item). */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createReportBody } from '../../../../../common/schemas/moderation';
import { api } from '../../../lib/api';

export type CreateReport = z.input<typeof createReportBody>;

/** The answer of POST /report (201). */
export interface CreatedReport {
  _id: string;
  kind: CreateReport['kind'];
  targetId: string;
  createdAt: string;
}

export const createReport = (body: CreateReport) => api.post<CreatedReport>('/report', body);

export const useCreateReport = () => useMutation({ mutationFn: createReport });
