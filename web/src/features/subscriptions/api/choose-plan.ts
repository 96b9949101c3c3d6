/**
 * POST /subscription {plan}: a business changes its plan (a payment, simulated in the sandbox). Its
 * record (the plan shown everywhere) and its transactions change.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '../../../../../common/constants';
import { useAuth } from '../../../auth/AuthProvider';
import { businessKeys } from '../../../auth/account';
import { api } from '../../../lib/api';
import { transactionKeys } from '../../../lib/transactions';

export const choosePlan = (plan: PlanId) => api.post<unknown>('/subscription', { plan });

export function useChoosePlan() {
  const queryClient = useQueryClient();
  const { reloadAccount } = useAuth();
  return useMutation({
    mutationFn: choosePlan,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: businessKeys.all }),
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
        reloadAccount(),
      ]),
  });
}
