/**
 * PUT /business/{id}: a business edits its profile or portfolio; the profile and the signed-in account
 * (navbar, menu) show the change.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Business } from '../../../../../common/types';
import { useAuth } from '../../../auth/AuthProvider';
import { businessKeys } from '../../../auth/account';
import { api } from '../../../lib/api';

export type BusinessChanges = Partial<
  Pick<Business, 'businessName' | 'location' | 'profilePicture' | 'description' | 'categories' | 'showroom'>
>;

export const updateBusiness = ({ businessId, changes }: { businessId: string; changes: BusinessChanges }) =>
  api.put<Business | undefined>(`/business/${encodeURIComponent(businessId)}`, changes);

export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  const { reloadAccount } = useAuth();
  return useMutation({
    mutationFn: updateBusiness,
    onSuccess: (_result, { businessId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: businessKeys.detail(businessId) }), reloadAccount()]),
  });
}
