/**
 * POST /chat/rooms/{roomId}/messages {text}: the one way to say something in a room. Only its two
 * members (anyone else: 404, as for a room that does not exist). The text is trimmed and must be
 * 1..2,000 characters; who sent it (sub and current name) and when come from the token and the
 * server. A member the other has blocked gets 403. The message is written to the Realtime Database with the service account, then the room
 * records its last message and one more unread for the other member. 201 the message as stored.
 */
import * as z from 'zod';
import { defineHandler, reply } from '../lib/http';
import { HttpError, forbidden, notFound } from '../lib/errors';
import { recordMessage } from '../data/rooms';
import { findRoomOfMember } from '../data/roomMembers';
import { getBusinessById, getUserById } from '../data/users';
import { blockedAttribute, chatRoomParams, messageKey, otherRole } from '../domain/chat';
import { loadServiceAccount } from '../chat/serviceAccount';
import { putValue } from '../chat/database';
import { CHAT_MESSAGE_MAX, chatMessagesPath, type ChatMessage } from '../../common/chat';

const body = z.object({
  text: z.string({ error: 'text is required' }).trim()
    .min(1, 'Write a message first')
    .refine((t) => [...t].length <= CHAT_MESSAGE_MAX, `A message has at most ${CHAT_MESSAGE_MAX} characters`),
});

export const handler = defineHandler('sendChatMessage', {
  params: chatRoomParams,
  body,
  run: async ({ caller, params, body: input, log }) => {
    const room = await findRoomOfMember(caller, params.roomId);
    if (!room) throw notFound('Chat room not found');
    if (room[blockedAttribute(otherRole(caller.role))]) throw forbidden('This member has blocked you: your message was not sent');

    let account;
    try {
      account = await loadServiceAccount();
    } catch (err) {
      log.error('Chat message not sent: no service account', { reason: err instanceof Error ? err.message : String(err) });
      throw new HttpError(503, 'Chat is not configured');
    }
    const name = caller.role === 'client'
      ? (await getUserById(room.clientId))?.username ?? room.user.username
      : (await getBusinessById(room.businessId))?.businessName ?? room.business.businessName;
    const now = Date.now();
    const message: ChatMessage = { id: messageKey(now), text: input.text, senderId: caller.sub, sender: name, timestamp: now };
    try {
      await putValue(account, `${chatMessagesPath(room)}/${message.id}`, message);
    } catch (err) {
      log.error('Chat message not written', { reason: err instanceof Error ? err.message : String(err) });
      throw new HttpError(503, 'The message could not be sent, please try again');
    }
    await recordMessage(room, caller, input.text, new Date(now).toISOString());
    return reply(201, message);
  },
});
