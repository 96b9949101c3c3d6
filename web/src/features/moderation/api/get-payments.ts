/** GET /moderation/payments: every business's payments, newest first, cursor-paged (moderators refund from here). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ModerationPayment } from '../../../../../common/types';
import { api, cursorPaging, toQuery } from '../../../lib/api';
import { moderationKeys } from './keys';

const PAGE_SIZE = 20;

export const getPayments = (cursor?: string) =>
  api.page<ModerationPayment>(`/moderation/payments${toQuery({ limit: PAGE_SIZE, cursor })}`);

export const paymentsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: moderationKeys.payments(),
    queryFn: ({ pageParam }) => getPayments(pageParam),
    ...cursorPaging,
  });

export const usePayments = () => useInfiniteQuery(paymentsQueryOptions());
