/**
 * Reports: the "Report" action (its dialog loads when it is first opened, so a screen showing the action
 * does not load the form library and the schema before then) and the reasons' words.
 */
export { ReportButton } from './ReportButton';
export { REASON_TEXT } from './reasons';
export type { ReportTarget, ReportOutcome } from './ReportDialog';
