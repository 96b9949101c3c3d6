/**
 * GET /subscription: the signed-in business's plan, its subscription's state and dates (renews, ends, grace), and
 * this month's use of its limits (Settings > Plan and billing; the offer form's "7 of 10 offers this month").
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Billing } from '../../../../../common/types';
import { api } from '../../../lib/api';

export const billingKeys = { all: ['billing'] as const };

export const getBilling = () => api.get<Billing>('/subscription');

export const billingQueryOptions = () => queryOptions({ queryKey: billingKeys.all, queryFn: getBilling });

export const useBilling = (enabled = true) => useQuery({ ...billingQueryOptions(), enabled });
