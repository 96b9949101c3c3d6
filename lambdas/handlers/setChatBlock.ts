/**
 * PUT /chat/rooms/{roomId}/block {blocked}: a member blocks (true) or unblocks (false) the other member
 * of the room; while blocked, the other member's messages are refused (403) and never reach the
 * blocker. 200 the room as the caller sees it. 404 not a member.
 */
import { defineHandler } from '../api/http';
import { notFound } from '../lib/errors';
import { getRoom, setRoomBlock } from '../data/rooms';
import { findRoomOfMember } from '../data/roomMembers';
import { toRoomDto } from '../domain/chat';
import { chatBlockBody, chatRoomParams } from '../../common/schemas/chat';

export const handler = defineHandler('setChatBlock', {
  params: chatRoomParams,
  body: chatBlockBody,
  run: async ({ caller, params, body }) => {
    const room = await findRoomOfMember(caller, params.roomId);
    if (!room) throw notFound('Chat room not found');
    await setRoomBlock(room, caller.role, body.blocked);
    const now = await getRoom(room.businessId, room.clientId);
    return toRoomDto(now ?? room, caller.role);
  },
});
