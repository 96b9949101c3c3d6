/** POST /chat/rooms/{roomId}/read: the room's messages are read; its count in the room list and the navbar's total follow. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { chatKeys } from './keys';

export const markChatRoomRead = (roomId: string) => api.post(`/chat/rooms/${encodeURIComponent(roomId)}/read`);

export function useMarkChatRoomRead(sub: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markChatRoomRead,
    onSuccess: (_answer, roomId) => {
      queryClient.setQueryData<ChatRoom[]>(chatKeys.rooms(sub), (rooms) =>
        rooms?.map((r) => (r._id === roomId ? { ...r, unread: 0 } : r)),
      );
      return queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
    },
  });
}
