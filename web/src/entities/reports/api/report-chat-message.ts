/** POST /chat/rooms/{roomId}/messages/{messageId}/report: a member reports the other member's message. */
import { useMutation } from '@tanstack/react-query';
import type { ReportReason } from '../../../../../common/constants';
import { api } from '../../../lib/api';

export interface ChatMessageReport {
  roomId: string;
  messageId: string;
  reason: ReportReason;
  note?: string;
}

export const reportChatMessage = ({ roomId, messageId, reason, note }: ChatMessageReport) =>
  api.post<unknown>(
    `/chat/rooms/${encodeURIComponent(roomId)}/messages/${encodeURIComponent(messageId)}/report`,
    note ? { reason, note } : { reason },
  );

export const useReportChatMessage = () => useMutation({ mutationFn: reportChatMessage });
