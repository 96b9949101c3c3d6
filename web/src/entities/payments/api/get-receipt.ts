/** GET /payments/{id}/receipt: where the receipt of a completed payment is (the provider's invoice; the link expires, so it is asked for each time). */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const getReceipt = (id: string) => api.get<{ url: string }>(`/payments/${encodeURIComponent(id)}/receipt`);

export const useReceipt = () => useMutation({ mutationFn: (id: string) => getReceipt(id) });
