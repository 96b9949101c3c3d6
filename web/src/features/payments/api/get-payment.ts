/** GET /payments/{id}: one of the business's payments; followed every moment while it is pending (the result page). */
import { useQuery } from '@tanstack/react-query';
import type { Transaction } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { transactionKeys } from '../../../lib/transactions';

/** How often a pending payment is read again while the provider's webhook is awaited. */
export const PENDING_POLL_MS = 1500;

export const getPayment = (id: string) => api.get<Transaction>(`/payments/${encodeURIComponent(id)}`);

export const usePayment = (id: string) =>
  useQuery({
    queryKey: [...transactionKeys.all, 'payment', id],
    queryFn: () => getPayment(id),
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? PENDING_POLL_MS : false),
  });
