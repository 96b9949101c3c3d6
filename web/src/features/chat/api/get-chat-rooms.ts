/**
 * GET /chat/getUserRooms (a client) or /chat/businessRooms (a business) ?cognitoId=: the caller's rooms with
 * the last message and the unread count of each (up to 300). Always asked again when the chat page opens,
 * so a room opened elsewhere and counts changed meanwhile show at once.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '../../../../../common/constants';
import type { ChatRoom } from '../../../../../common/types';
import { fetchAllPages } from './all-pages';
import { chatKeys } from './keys';

export const getChatRooms = (sub: string, role: Role) =>
  fetchAllPages<ChatRoom>(
    `${role === 'business' ? '/chat/businessRooms' : '/chat/getUserRooms'}?cognitoId=${encodeURIComponent(sub)}`,
    3,
  );

export const chatRoomsQueryOptions = (sub: string, role: Role) =>
  queryOptions({
    queryKey: chatKeys.rooms(sub),
    queryFn: () => getChatRooms(sub, role),
    refetchOnMount: 'always',
  });

export const useChatRooms = (sub: string | null, role: Role | null) =>
  useQuery({ ...chatRoomsQueryOptions(sub ?? '', role ?? 'client'), enabled: !!sub && !!role });
