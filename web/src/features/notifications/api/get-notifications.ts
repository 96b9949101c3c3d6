/** GET /notifications: the signed-in user's notifications, newest first, cursor-paged. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AppNotification } from '../../../../../common/notifications';
import { api, cursorPaging, toQuery } from '../../../lib/api';
import { notificationKeys } from './keys';

const PAGE_SIZE = 20;

export const getNotifications = (cursor?: string) =>
  api.page<AppNotification>(`/notifications${toQuery({ limit: PAGE_SIZE, cursor })}`);

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    ...cursorPaging,
  });

export const useNotifications = () => useInfiniteQuery(notificationsQueryOptions());
