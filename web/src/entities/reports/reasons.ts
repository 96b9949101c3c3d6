/** The words of each report reason (the report dialog's choices, the moderators' queue's counts). */
import type { ReportReason } from '../../../../common/constants';
import type { MessageId } from '../../i18n/catalog/en';

export const REASON_TEXT: Record<ReportReason, MessageId> = {
  spam: 'moderation.reason.spam',
  fraud: 'moderation.reason.fraud',
  abusive: 'moderation.reason.abusive',
  inappropriate: 'moderation.reason.inappropriate',
  fake: 'moderation.reason.fake',
  other: 'moderation.reason.other',
};
