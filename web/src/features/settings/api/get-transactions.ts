/** GET /paymentTransaction/bussines/{sub}: a business's payment transactions (ads, subscriptions), cursor-paged (the API's spelling). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Transaction } from '../../../../../common/types';
import { api, cursorPaging, toQuery } from '../../../lib/api';
import { transactionKeys } from '../../../lib/transactions';

const PAGE_SIZE = 100;

export const getTransactions = (cognitoSub: string, cursor?: string) =>
  api.page<Transaction>(
    `/paymentTransaction/bussines/${encodeURIComponent(cognitoSub)}${toQuery({ limit: PAGE_SIZE, cursor })}`,
  );

export const transactionsQueryOptions = (cognitoSub: string) =>
  infiniteQueryOptions({
    queryKey: transactionKeys.byBusiness(cognitoSub),
    queryFn: ({ pageParam }) => getTransactions(cognitoSub, pageParam),
    ...cursorPaging,
  });

export const useTransactions = (cognitoSub: string | null) =>
  useInfiniteQuery({ ...transactionsQueryOptions(cognitoSub ?? ''), enabled: !!cognitoSub });
