/** GET /business/verification: the signed-in business's own verification (status `none` until it asks). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Verification } from '../../../../../common/verification';
import { api } from '../../../lib/api';
import { verificationKeys } from './keys';

export const getVerification = () => api.get<Verification>('/business/verification');

export const verificationQueryOptions = () =>
  queryOptions({ queryKey: verificationKeys.mine(), queryFn: getVerification });

export const useVerification = () => useQuery(verificationQueryOptions());
