/** GET /account/deletion: whether the caller's account is in use or closed, and when it is erased (closed accounts too). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountDeletion } from '../../../../../common/schemas/privacy';
import { api } from '../../../lib/api';
import { privacyKeys } from './keys';

export const getAccountDeletion = () => api.get<AccountDeletion>('/account/deletion');

export const accountDeletionQueryOptions = () =>
  queryOptions({ queryKey: privacyKeys.deletion(), queryFn: getAccountDeletion });

export const useAccountDeletion = () => useQuery(accountDeletionQueryOptions());
