/**
 * Chat facts shared by the API, the web app and the database rules' tests: where a room's messages
 * live in the Realtime Database, what a message looks like there, and the limits on what is said.
 *
 * A room's messages live at `chats/{clientCognitoId}/{businessCognitoId}/messages/{key}`: the path
 * is built from the two members' ids, so the database rules (infra/chat/database.rules.json) know
 * the members from the path alone. Only the API writes there (with the service account); browsers
 * only read (docs/api-offers-ads-chat.md, "Chat").
 */
import type * as z from 'zod';
import type { chatMessageSchema } from './schemas/answers';
export const CHAT_MESSAGE_MAX = 2000;
/** A room opens on this many of its latest messages; scrolling up loads this many more each time. */
export const CHAT_HISTORY_PAGE = 50;

export const chatMessagesPath = (room: { clientCognitoId: string; businessCognitoId: string }) =>
  `chats/${room.clientCognitoId}/${room.businessCognitoId}/messages`;

/** A message as stored in the Realtime Database; every field is set by the API. */
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Where a message's hidden mark lives in the database. */
export const chatMessageHiddenPath = (
  room: { clientCognitoId: string; businessCognitoId: string },
  messageId: string,
) => `${chatMessagesPath(room)}/${messageId}/hidden`;

/** Whether `viewerSub` sees the message at all: a hidden message only its sender. */
export const chatMessageVisibleTo = (message: ChatMessage, viewerSub: string | null | undefined) =>
  !message.hidden || message.senderId === viewerSub;
