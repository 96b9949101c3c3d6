/**
 * Hiding a reported chat message (docs/access-patterns.md, "Moderation"): the API writes `hidden: {reason, at}`
 * onto the message's node in the Realtime Database with the service account (the database rules refuse it from
 * members). Its sender still sees it with the reason; the other member's chat leaves it out. When it is still
 * the room's last message, the room's stored copy (the room lists' preview) is marked hidden too.
 */
import { chatMessageHiddenPath, chatMessagesPath, type ChatMessage } from '../../common/chat';
import { findRoomOfMember } from '../data/roomMembers';
import { hideLastMessageCopy } from '../data/rooms';
import type { StoredRoom } from '../model/rooms';
import { parseChatMessageTargetId } from '../model/moderation';
import { getValue, putValue } from './database';
import { loadServiceAccount } from './serviceAccount';

export class ChatDatabaseUnavailable extends Error {}

/** The room of a reported message, found among its sender's rooms (as a client or as a business). */
async function roomOfSender(senderSub: string, roomId: string): Promise<StoredRoom | undefined> {
  return (
    (await findRoomOfMember({ sub: senderSub, role: 'client' }, roomId)) ??
    (await findRoomOfMember({ sub: senderSub, role: 'business' }, roomId))
  );
}

/**
 * Reads the message and writes its mark in the Realtime Database; undefined when the message is gone. A failure
 * to reach the database is ChatDatabaseUnavailable.
 */
async function markInDatabase(
  room: StoredRoom,
  messageId: string,
  mark: { reason: string; at: string },
): Promise<ChatMessage | undefined> {
  try {
    const account = await loadServiceAccount();
    const message = (await getValue(account, `${chatMessagesPath(room)}/${messageId}`)) as ChatMessage | null;
    if (!message || typeof message.text !== 'string') return undefined;
    await putValue(account, chatMessageHiddenPath(room, messageId), mark);
    return message;
  } catch (err) {
    throw new ChatDatabaseUnavailable(err instanceof Error ? err.message : String(err));
  }
}

/**
 * Marks the message hidden (written again with the same mark when it already carries one, so a retried decision
 * is harmless), and the room's copy when it is still the last message. Nothing to do when the room or message is
 * gone. A failure to reach the chat database is ChatDatabaseUnavailable.
 */
export async function hideChatMessage(
  target: { targetId: string; senderSub: string },
  mark: { reason: string; at: string },
): Promise<void> {
  const { roomId, messageId } = parseChatMessageTargetId(target.targetId);
  const room = await roomOfSender(target.senderSub, roomId);
  if (!room) return;
  const message = await markInDatabase(room, messageId, mark);
  if (message) await hideLastMessageCopy(room, message);
}
