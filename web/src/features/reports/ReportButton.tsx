/**
 * "Report" beside a reportable item: opens the report dialog; once sent (or reported before) it says
 * "Reported" instead. Screens show it only on items that are not the user's own.
 */
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../i18n/useT';
import { ReportDialog, type ReportTarget } from './ReportDialog';

export function ReportButton({
  target,
  className = 'btn btn-ghost btn-sm',
  doneClassName = 'report-reported',
  testId = 'report-button',
}: {
  target: ReportTarget;
  /** Of the action, and of the "Reported" that replaces it. */
  className?: string;
  doneClassName?: string;
  testId?: string;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  return (
    <>
      {reported ? (
        <small className={doneClassName} data-testid={`${testId}-done`}>
          {t('moderation.report.done')}
        </small>
      ) : (
        <button type="button" className={className} onClick={() => setOpen(true)} data-testid={testId}>
          {t('moderation.report.button')}
        </button>
      )}
      {/* On the body: the dialog takes none of the styles of where the action sits (a chat bubble, a card). */}
      {open &&
        createPortal(
          <ReportDialog open target={target} onClose={() => setOpen(false)} onReported={() => setReported(true)} />,
          document.body,
        )}
    </>
  );
}
