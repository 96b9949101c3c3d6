/** Reports: the "Report" action and its dialog, shared by every screen that shows a reportable item. */
export { ReportButton } from './ReportButton';
export { ReportDialog, REASON_TEXT, type ReportTarget, type ReportOutcome } from './ReportDialog';
