/**
 * POST /subscription/card: where the business gives the card its subscription is charged to (the provider's
 * checkout; a renewal past due is paid with it too). The answer's URL is the web app's pay step.
 */
import { useMutation } from '@tanstack/react-query';
import type { CardCheckout } from '../../../../../common/types';
import { api } from '../../../lib/api';

export const updateCard = () => api.post<CardCheckout>('/subscription/card');

export const useUpdateCard = () => useMutation({ mutationFn: updateCard });
