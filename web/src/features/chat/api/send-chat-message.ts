/**
 * POST /chat/rooms/{roomId}/messages {text}: one message. The message itself arrives through the realtime
 * connection; a room's messages go out one after another, in the order they were written (one scope per room).
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const sendChatMessage = (roomId: string, text: string) =>
  api.post(`/chat/rooms/${encodeURIComponent(roomId)}/messages`, { text });

export const useSendChatMessage = (roomId: string) =>
  useMutation({
    mutationFn: (text: string) => sendChatMessage(roomId, text),
    scope: { id: `chat-send-${roomId}` },
  });
