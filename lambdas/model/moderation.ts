/** Reports, the moderators' queue and suspensions as stored (docs/access-patterns.md, "Moderation"). */
import type { ReportedItem } from '../../common/moderation';
import type { ReportKind, ReportReason } from '../../common/constants';

/** A chat message's target id: its room and message key (the message key has no '/'). */
export const chatMessageTargetId = (roomId: string, messageId: string) => `${roomId}/${messageId}`;

/** The room and message a chat message's target id names. */
export const parseChatMessageTargetId = (targetId: string) => {
  const at = targetId.lastIndexOf('/');
  return { roomId: targetId.slice(0, at), messageId: targetId.slice(at + 1) };
};

/** The queue entry as stored (keys stripped). */
export type StoredReportedItem = ReportedItem;

/** One user's report of an item as stored. */
export interface StoredReport {
  _id: string;
  entryId: string;
  kind: ReportKind;
  targetId: string;
  reporterSub: string;
  reason: ReportReason;
  note?: string;
  createdAt: string;
}

export interface StoredSuspension {
  sub: string;
  reason: string;
  at: string;
  entryId: string;
}
