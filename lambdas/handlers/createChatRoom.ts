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
import { writeRoomProfile } from '../data/roomProfiles';
import { businessVersion, userRevision } from '../model/copies';
import { newRoom, toRoomDto } from '../domain/chat';
import { type StoredRoom } from '../model/rooms';
import { attributeChatStarted } from '../data/adClicks';
import { nowIso } from '../lib/clock';

/**
 * A member may have edited its profile while the room was being made, its edit then not finding the room yet: the
 * records are read again once the room exists, and a newer one is copied (lambdas/data/roomProfiles.ts).
 */
async function catchUpRoomProfiles(room: StoredRoom) {
  const [business, client] = await Promise.all([
    getBusinessById(room.businessId, { consistent: true }),
    getUserById(room.clientId, { consistent: true }),
  ]);
  await Promise.all([
    business && businessVersion(business) > room.businessVersion
      ? writeRoomProfile(room, { role: 'business', record: business })
      : undefined,
    client && userRevision(client) > room.userRevision
      ? writeRoomProfile(room, { role: 'client', record: client })
      : undefined,
  ]);
}

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
    if (created) {
      await catchUpRoomProfiles(room);
      if (caller.role === 'client') await attributeChatStarted(caller.sub, input.businessId, nowIso());
    }
    return reply(created ? 201 : 200, toRoomDto(room));
  },
});
