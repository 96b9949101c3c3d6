/** GET /moderation/verifications (moderators): the requests waiting for a decision, oldest first, cursor-paged. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PendingVerification } from '../../../../../common/verification';
import { api, cursorPaging, toQuery } from '../../../lib/api';
import { verificationKeys } from './keys';

const PAGE_SIZE = 20;

export const getPendingVerifications = (cursor?: string) =>
  api.page<PendingVerification>(`/moderation/verifications${toQuery({ limit: PAGE_SIZE, cursor })}`);

export const pendingVerificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: verificationKeys.queue(),
    queryFn: ({ pageParam }) => getPendingVerifications(pageParam),
    ...cursorPaging,
  });

export const usePendingVerifications = () => useInfiniteQuery(pendingVerificationsQueryOptions());
