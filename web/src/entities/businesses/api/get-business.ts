/** GET /business/{id}: a business's profile record. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Business } from '../../../../../common/types';
import { businessKeys } from '../../../auth/account';
import { api } from '../../../lib/api';

export const getBusiness = (businessId: string) => api.get<Business>(`/business/${encodeURIComponent(businessId)}`);

export const businessQueryOptions = (businessId: string) =>
  queryOptions({ queryKey: businessKeys.detail(businessId), queryFn: () => getBusiness(businessId) });

export const useBusiness = (businessId: string) => useQuery(businessQueryOptions(businessId));
