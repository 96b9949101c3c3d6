/** POST /business/verification {nipt, document}: ask to be verified; the answer is the pending verification. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { verificationRequestBody } from '../../../../../common/schemas/verification';
import type { Verification } from '../../../../../common/verification';
import { api } from '../../../lib/api';
import { verificationKeys } from './keys';

export type VerificationRequest = z.input<ReturnType<typeof verificationRequestBody>>;

export const requestVerification = (body: VerificationRequest) =>
  api.post<Verification>('/business/verification', body);

export function useRequestVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestVerification,
    onSuccess: (saved) => queryClient.setQueryData(verificationKeys.mine(), saved),
  });
}
