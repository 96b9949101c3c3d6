/**
 * POST /subscription {plan}: a business changes its plan (a payment, simulated in the sandbox). Its
 * record (the plan shown everywhere) and its transactions change. The payment carries the
 * Idempotency-Key of the user's action (lib/idempotency.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '../../../../../common/constants';
import { useAuth } from '../../../auth/AuthProvider';
import { businessKeys } from '../../../auth/account';
import { api } from '../../../lib/api';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { transactionKeys } from '../../../lib/transactions';

export const choosePlan = (plan: PlanId, idempotencyKey: string) =>
  api.post<unknown>('/subscription', { plan }, idempotencyHeaders(idempotencyKey));

export function useChoosePlan() {
  const queryClient = useQueryClient();
  const { reloadAccount } = useAuth();
  return useMutation({
    mutationFn: ({ plan, idempotencyKey }: { plan: PlanId; idempotencyKey: string }) =>
      choosePlan(plan, idempotencyKey),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: businessKeys.all }),
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
        reloadAccount(),
      ]),
  });
}
