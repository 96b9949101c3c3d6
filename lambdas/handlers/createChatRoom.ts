/**
 * POST /chat/createRoom {businessId, clientId}: the caller must be one of the two (a client by its
 * user id, a business by its business id). One room per pair: an existing room is answered with
 * 200, a new one with 201; both as {roomId, ...room}. A client's new chat with a business whose Sponsored run it
 * clicked within a week counts for that run (lambdas/data/adClicks.ts).
 */
import { createRoomBody as body } from '../../common/schemas/chat';
import { defineHandler, reply } from '../api/http';
import { forbidden, notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getBusinessById, getUserById } from '../data/users';
import { createRoomOnce, getRoom } from '../data/rooms';
import { newRoom, toRoomDto } from '../domain/chat';

import { attributeChatStarted } from '../data/adClicks';
import { nowIso } from '../lib/clock';

export const handler = defineHandler('createChatRoom', {
  body,
  run: async ({ caller, body: input }) => {
    const ownId = await requireOwnRecordId(caller, caller.role);
    const memberId = caller.role === 'client' ? input.clientId : input.businessId;
    if (ownId !== memberId) throw forbidden('You can only open a chat you are part of');

    const existing = await getRoom(input.businessId, input.clientId);
    if (existing) return toRoomDto(existing);
    const [business, client] = await Promise.all([getBusinessById(input.businessId), getUserById(input.clientId)]);
    if (!business) throw notFound('Business not found');
    if (!client) throw notFound('Client not found');
    const { room, created } = await createRoomOnce(newRoom(business, client));
    // A member who edited its profile while the room was made is copied again before the answer
    // (lambdas/data/copies.ts: a new room is checked against both members).
    if (created && caller.role === 'client') await attributeChatStarted(caller.sub, input.businessId, nowIso());
    return reply(created ? 201 : 200, toRoomDto(room));
  },
});
