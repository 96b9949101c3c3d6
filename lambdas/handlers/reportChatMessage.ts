/**
 * POST /chat/rooms/{roomId}/messages/{messageId}/report {reason?, note?}: a member reports a message of the
 * other member (reason from the list, 'other' by default). It joins the moderation queue with a copy of the
 * message as the database holds it (read with the service account), once per reporter and message. 201 `{_id, roomId, messageId, createdAt}`;
 * 404 not a member / no such message, 400 one's own message, 409 reported already.
 */
import { defineHandler, reply } from '../api/http';
import { badRequest, notFound, serviceUnavailable } from '../lib/errors';
import { RETRY_AFTER_SECONDS } from '../lib/dependencies';
import { submitReport } from '../domain/reports';
import { chatMessageTargetId } from '../model/moderation';
import { findRoomOfMember } from '../data/roomMembers';
import { chatMessageParams } from '../../common/schemas/chat';
import { chatReportBody } from '../../common/schemas/moderation';
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
    // The report joins the moderation queue like any other (lambdas/domain/reports.ts), with a copy of the text.
    const report = await submitReport(
      {
        kind: 'chatMessage',
        targetId: chatMessageTargetId(room._id, params.messageId),
        excerpt: message.text,
        ownerSub: message.senderId,
      },
      caller,
      { reason: input.reason ?? 'other', note: input.note || undefined },
    );
    return reply(201, { _id: report._id, roomId: room._id, messageId: params.messageId, createdAt: report.createdAt });
  },
});
