/**
 * GET /notifications/unread: `{count}` for the navbar's bell. Polled every 30 s while the page is
 * visible and refetched when the window regains focus.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { notificationKeys } from './keys';

export const UNREAD_POLL_MS = 30_000;

export const getUnreadNotifications = () => api.get<{ count: number }>('/notifications/unread');

export const unreadNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: getUnreadNotifications,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });

export const useUnreadNotifications = (options?: { enabled?: boolean }) =>
  useQuery({ ...unreadNotificationsQueryOptions(), ...options });
