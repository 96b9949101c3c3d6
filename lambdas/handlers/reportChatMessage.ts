/**
 * POST /chat/rooms/{roomId}/messages/{messageId}/report {reason?}: a member reports a message of the
 * other member. Stored for moderation with a copy of the message as the database holds it (read with
 * the service account), once per reporter and message. 201 `{_id, roomId, messageId, createdAt}`;
 * 404 not a member / no such message, 400 one's own message, 409 reported already.
 */
import { randomUUID } from 'node:crypto';
import { defineHandler, reply } from '../lib/http';
import { badRequest, conflict, notFound, serviceUnavailable } from '../lib/errors';
import { RETRY_AFTER_SECONDS } from '../lib/dependencies';
import { putChatReport } from '../data/rooms';
import { findRoomOfMember } from '../data/roomMembers';
import { chatMessageParams, chatReportBody } from '../../common/schemas/chat';
import { loadServiceAccount } from '../chat/serviceAccount';
import { getValue } from '../chat/database';
import { chatMessagesPath, type ChatMessage } from '../../common/chat';

export const handler = defineHandler('reportChatMessage', {
  params: chatMessageParams,
  body: chatReportBody,
  run: async ({ caller, params, body: input, log }) => {
    const room = await findRoomOfMember(caller, params.roomId);
    if (!room) throw notFound('Chat room not found');
    let message: ChatMessage | null;
    try {
      message = (await getValue(
        await loadServiceAccount(),
        `${chatMessagesPath(room)}/${params.messageId}`,
      )) as ChatMessage | null;
    } catch (err) {
      log.error('Chat message not read for a report', { reason: err instanceof Error ? err.message : String(err) });
      throw serviceUnavailable(RETRY_AFTER_SECONDS, 'Chat is not available right now');
    }
    if (!message || typeof message.text !== 'string') throw notFound('Message not found');
    if (message.senderId === caller.sub)
      throw badRequest('You cannot report your own message', undefined, 'OWN_MESSAGE');
    const report = {
      _id: randomUUID(),
      kind: 'chatMessage' as const,
      roomId: room._id,
      messageId: params.messageId,
      text: message.text,
      senderId: message.senderId,
      reporterSub: caller.sub,
      ...(input.reason ? { reason: input.reason } : {}),
      createdAt: new Date().toISOString(),
    };
    if (!(await putChatReport(report))) throw conflict('You reported this message already', 'ALREADY_REPORTED');
    return reply(201, {
      _id: report._id,
      roomId: report.roomId,
      messageId: report.messageId,
      createdAt: report.createdAt,
    });
  },
});
