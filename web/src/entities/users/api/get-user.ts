/** GET /user/{id}: a client's profile record (email only for the client themself). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientUser } from '../../../../../common/types';
import { userKeys } from '../../../auth/account';
import { api } from '../../../lib/api';

export const getUser = (userId: string) => api.get<ClientUser>(`/user/${encodeURIComponent(userId)}`);

export const userQueryOptions = (userId: string) =>
  queryOptions({ queryKey: userKeys.detail(userId), queryFn: () => getUser(userId) });

export const useUser = (userId: string) => useQuery(userQueryOptions(userId));
