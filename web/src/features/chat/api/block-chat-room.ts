/** PUT /chat/rooms/{roomId}/block {blocked}: the caller blocks or unblocks the other member; the answer updates the room in the list. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { chatKeys } from './keys';

export const blockChatRoom = (roomId: string, blocked: boolean) =>
  api.put<ChatRoom>(`/chat/rooms/${encodeURIComponent(roomId)}/block`, { blocked });

export function useBlockChatRoom(sub: string, roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) => blockChatRoom(roomId, blocked),
    onSuccess: (changed) =>
      queryClient.setQueryData<ChatRoom[]>(chatKeys.rooms(sub), (rooms) =>
        rooms?.map((r) => (r._id === changed._id ? { ...r, ...changed } : r)),
      ),
  });
}
