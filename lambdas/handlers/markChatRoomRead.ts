/** POST /chat/rooms/{roomId}/read: the caller has seen everything in the room (its unread count goes to 0). Members only (404 otherwise). */
import { defineHandler } from '../api/http';
import { notFound } from '../lib/errors';
import { markRoomRead } from '../data/rooms';
import { findRoomOfMember } from '../data/roomMembers';
import { chatRoomParams } from '../../common/schemas/chat';

export const handler = defineHandler('markChatRoomRead', {
  params: chatRoomParams,
  run: async ({ caller, params }) => {
    const room = await findRoomOfMember(caller, params.roomId);
    if (!room) throw notFound('Chat room not found');
    await markRoomRead(room, caller.role);
    return { roomId: room._id, unread: 0 };
  },
});
