/**
 * GET /chat/unread: `{total}` unread messages over all the user's rooms, for the navbar's chat button.
 * Polled every 30 s, refetched when the window regains focus and whenever the chat marks a room read or
 * sees a new message in a room that is not open (they invalidate it).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { chatKeys } from './keys';

export const CHAT_UNREAD_POLL_MS = 30_000;

export const getChatUnread = () => api.get<{ total: number }>('/chat/unread');

export const chatUnreadQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.unread(),
    queryFn: getChatUnread,
    refetchInterval: CHAT_UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });

export const useChatUnread = (options?: { enabled?: boolean }) => useQuery({ ...chatUnreadQueryOptions(), ...options });
