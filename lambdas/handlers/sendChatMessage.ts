/**
 * POST /chat/rooms/{roomId}/messages {text}: the one way to say something in a room. Only its two
 * members (anyone else: 404, as for a room that does not exist). The text is trimmed and must be
 * 1..2,000 characters; who sent it (sub and current name) and when come from the token and the
 * server. A member the other has blocked gets 403. The message is written to the Realtime Database with the service account, then the room
 * records its last message and one more unread for the other member. 201 the message as stored.
 */
import { defineHandler, reply } from '../api/http';
import { HttpError, forbidden, notFound } from '../lib/errors';
import { dependencyFault } from '../lib/dependencies';
import { recordMessage } from '../data/rooms';
import { findRoomOfMember } from '../data/roomMembers';
import { getBusinessById, getUserById } from '../data/users';
import { messageKey } from '../domain/chat';
import { blockedAttribute, otherRole } from '../model/rooms';
import { chatMessageBody, chatRoomParams } from '../../common/schemas/chat';
import { loadServiceAccount } from '../chat/serviceAccount';
import { putValue } from '../chat/database';
import { chatMessagesPath, type ChatMessage } from '../../common/chat';

export const handler = defineHandler('sendChatMessage', {
  params: chatRoomParams,
  body: chatMessageBody,
  run: async ({ caller, params, body: input, log }) => {
    const room = await findRoomOfMember(caller, params.roomId);
    if (!room) throw notFound('Chat room not found');
    if (room[blockedAttribute(otherRole(caller.role))])
      throw forbidden('This member has blocked you: your message was not sent', 'CHAT_BLOCKED');

    let account;
    try {
      account = await loadServiceAccount();
    } catch (err) {
      // Secrets Manager down, throttled or slow: the wrapper's 503 with Retry-After (it will pass).
      if (dependencyFault(err)) throw err;
      log.error('Chat message not sent: no service account', {
        reason: err instanceof Error ? err.message : String(err),
      });
      throw new HttpError(503, 'Chat is not configured', undefined, 'CHAT_NOT_CONFIGURED');
    }
    const name =
      caller.role === 'client'
        ? ((await getUserById(room.clientId))?.username ?? room.user.username)
        : ((await getBusinessById(room.businessId))?.businessName ?? room.business.businessName);
    const now = Date.now();
    const message: ChatMessage = {
      id: messageKey(now),
      text: input.text,
      senderId: caller.sub,
      sender: name,
      timestamp: now,
    };
    try {
      await putValue(account, `${chatMessagesPath(room)}/${message.id}`, message);
    } catch (err) {
      log.error('Chat message not written', { reason: err instanceof Error ? err.message : String(err) });
      throw new HttpError(503, 'The message could not be sent, please try again', undefined, 'SERVICE_UNAVAILABLE');
    }
    await recordMessage(room, caller, input.text, new Date(now).toISOString());
    return reply(201, message);
  },
});
