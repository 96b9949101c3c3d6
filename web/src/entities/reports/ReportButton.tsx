/**
 * "Report" beside a reportable item: opens the report dialog; once sent (or reported before) it says
 * "Reported" instead. Screens show it only on items that are not the user's own.
 *
 * The dialog (with the form library and the shared report schema) is loaded when it is first opened,
 * fetched ahead when the pointer or the focus reaches the action, so the screens showing the action
 * do not load it on their first visit.
 */
import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../i18n/useT';
import type { ReportTarget } from './ReportDialog';
import './reports.css';

const loadDialog = () => import('./ReportDialog');
const ReportDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReportDialog })));

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
          {t('reports.report.done')}
        </small>
      ) : (
        <button
          type="button"
          className={className}
          onClick={() => setOpen(true)}
          onPointerEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
          data-testid={testId}
        >
          {t('reports.report.button')}
        </button>
      )}
      {/* On the body: the dialog takes none of the styles of where the action sits (a chat bubble, a card). */}
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <ReportDialog open target={target} onClose={() => setOpen(false)} onReported={() => setReported(true)} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
