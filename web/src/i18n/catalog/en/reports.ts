/**
 * Texts of reporting something to the moderators and of what they hid: the report dialog and its reasons, the
 * hidden notice. Shown on requests, profiles and in the chat, and in the moderators' queue. Keys start with 'reports.'.
 */
export const reports = {
  'reports.report.button': 'Report',
  'reports.report.done': 'Reported',
  'reports.report.title.post': 'Report this request',
  'reports.report.title.business': 'Report this business',
  'reports.report.title.review': 'Report this review',
  'reports.report.title.chatMessage': 'Report this message',
  'reports.report.title.idea': 'Report this picture',
  'reports.report.reason': 'Reason',
  'reports.report.note': 'Note for the moderators (optional)',
  'reports.report.noteHint': '{count} of {max} characters',
  'reports.report.submit': 'Send report',
  'reports.report.sending': 'Sending...',
  'reports.report.cancel': 'Cancel',
  'reports.report.sent': 'Thank you. Our moderators will look at your report.',
  'reports.report.already': 'You have already reported this. Our moderators will look at it.',
  'reports.reason.spam': 'Spam or advertising',
  'reports.reason.fraud': 'Fraud or a scam',
  'reports.reason.abusive': 'Abusive or threatening',
  'reports.reason.inappropriate': 'Inappropriate content',
  'reports.reason.fake': 'Fake or misleading',
  'reports.reason.other': 'Something else',
  'reports.hidden.notice': 'Hidden by moderation: {reason}',
  'reports.hidden.detail': 'Since {date} only you and the moderators can see it.',
} as const;
