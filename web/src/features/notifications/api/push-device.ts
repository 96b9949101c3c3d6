/** GET /notifications/push/key, and this device's push switch (POST / DELETE /notifications/push: web/src/pwa/push.ts). */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { turnOffPush, turnOnPush } from '../../../pwa/push';
import { notificationKeys } from './keys';

export const getPushKey = () => api.get<{ publicKey: string | null }>('/notifications/push/key');

export const pushKeyQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.pushKey(), queryFn: getPushKey, staleTime: Infinity });

export const usePushKey = () => useQuery(pushKeyQueryOptions());

export const useTurnOnPush = () =>
  useMutation({
    mutationFn: ({ account, publicKey }: { account: string; publicKey: string }) => turnOnPush(account, publicKey),
  });

export const useTurnOffPush = () => useMutation({ mutationFn: (account: string) => turnOffPush(account) });
