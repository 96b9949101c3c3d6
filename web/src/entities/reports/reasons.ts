/** The words of each report reason (the report dialog's choices, the moderators' queue's counts). */
import type { ReportReason } from '../../../../common/constants';
import type { MessageId } from '../../i18n/catalog/en';

export const REASON_TEXT: Record<ReportReason, MessageId> = {
  spam: 'reports.reason.spam',
  fraud: 'reports.reason.fraud',
  abusive: 'reports.reason.abusive',
  inappropriate: 'reports.reason.inappropriate',
  fake: 'reports.reason.fake',
  other: 'reports.reason.other',
};
