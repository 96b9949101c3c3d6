/** POST /chat/rooms/{roomId}/messages/{messageId}/report: the member reports a message (a second report is 409: already reported). */
import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api';

export const reportChatMessage = async (roomId: string, messageId: string): Promise<void> => {
  try {
    await api.post(`/chat/rooms/${encodeURIComponent(roomId)}/messages/${encodeURIComponent(messageId)}/report`, {});
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) return;
    throw err;
  }
};

export const useReportChatMessage = (roomId: string) =>
  useMutation({ mutationFn: (messageId: string) => reportChatMessage(roomId, messageId) });
