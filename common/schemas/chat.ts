/** Request schemas of chat: rooms (POST /chat/createRoom, GET /chat/businessRooms and /chat/getUserRooms) and the routes under /chat/rooms/{roomId}. */
import * as z from 'zod';
import { CHAT_MESSAGE_MAX } from '../chat';
import type { ErrorCode } from '../errors';
import { idSchema, keyText, userText } from './fields';
import { pageQuery } from './paging';

export const createRoomBody = z.object({
  businessId: idSchema('businessId'),
  clientId: idSchema('clientId'),
});

export const roomsQuery = z.object({ cognitoId: idSchema('cognitoId'), ...pageQuery });

// ---- The routes under /chat/rooms/{roomId} ----

/** Path of the routes under /chat/rooms/{roomId}. */
export const chatRoomParams = z.object({ roomId: idSchema('roomId') });

/** The shape of a message key as the API makes them (it is part of a database path: nothing else gets through). */
export const MESSAGE_KEY = /^[A-Za-z0-9_-]{1,64}$/;
/** Path of the routes under /chat/rooms/{roomId}/messages/{messageId}. */
export const chatMessageParams = chatRoomParams.extend({
  messageId: keyText('messageId', 64).refine((id) => MESSAGE_KEY.test(id), {
    message: 'Not a message id',
    params: { code: 'INVALID_VALUE' satisfies ErrorCode },
  }),
});

/** POST /chat/rooms/{roomId}/messages: the text, 1..CHAT_MESSAGE_MAX characters (an emoji counts as one). */
export const chatMessageBody = z.object({
  text: userText({
    label: 'text',
    max: CHAT_MESSAGE_MAX * 2,
    multiline: true,
    messages: { required: 'Write a message first' },
  }).refine((t) => [...t].length <= CHAT_MESSAGE_MAX, {
    message: `A message has at most ${CHAT_MESSAGE_MAX} characters`,
    params: { code: 'FIELD_TOO_LONG' satisfies ErrorCode },
  }),
});

/** POST /chat/rooms/{roomId}/messages/{messageId}/report: its body is a report's (common/schemas/moderation.ts). */
export { chatReportBody } from './moderation';

/** PUT /chat/rooms/{roomId}/block: block (true) or unblock (false) the other member. */
export const chatBlockBody = z.object({ blocked: z.boolean({ error: 'blocked must be true or false' }) });
