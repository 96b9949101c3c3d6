/** POST /moderation/verifications/{businessId}/decision {approve, reason?} (moderators); the queue reloads after. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { verificationDecisionBody } from '../../../../../common/schemas/verification';
import type { Verification } from '../../../../../common/verification';
import { api } from '../../../lib/api';
import { verificationKeys } from './keys';

export type VerificationDecision = z.input<typeof verificationDecisionBody>;

export const decideVerification = ({ businessId, ...decision }: VerificationDecision & { businessId: string }) =>
  api.post<Verification>(`/moderation/verifications/${encodeURIComponent(businessId)}/decision`, decision);

export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideVerification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationKeys.queue() }),
  });
}
