/**
 * The report dialog every reportable item shares (a request, a business profile, a review, a chat
 * message): a reason from the fixed list and an optional note, checked with the shared report schema.
 * Sent, it thanks the reporter; an item the user reported before says so; one's own item (OWN_ITEM,
 * OWN_MESSAGE) and other refusals are worded in the dialog.
 */
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { REPORT_NOTE_MAX } from '../../../../common/moderation';
import { REPORT_REASONS } from '../../../../common/constants';
import { createReportBody } from '../../../../common/schemas/moderation';
import { Modal } from '../../components/Modal';
import type { MessageId } from '../../i18n/catalog/en';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/useT';
import { ApiError } from '../../lib/api';
import { FieldError, useApiFieldErrors, useSchemaResolver, type FieldLabels } from '../../lib/forms';
import { useCreateReport } from './api/create-report';
import { useReportChatMessage } from './api/report-chat-message';
import { REASON_TEXT } from './reasons';
import './reports.css';

/** What is reported: an item of POST /report, or a chat message (its own route). */
export type ReportTarget =
  | { kind: 'post' | 'business' | 'review' | 'idea'; targetId: string }
  | { kind: 'chatMessage'; roomId: string; messageId: string };

/** The fields the reporter fills in: the shared schema's rules for them. */
export const reportFields = createReportBody.pick({ reason: true, note: true });
type ReportFields = z.input<typeof reportFields>;

const REPORT_LABELS: FieldLabels = { reason: 'reports.report.reason', note: 'reports.report.note' };

const TITLE: Record<ReportTarget['kind'], MessageId> = {
  post: 'reports.report.title.post',
  business: 'reports.report.title.business',
  review: 'reports.report.title.review',
  chatMessage: 'reports.report.title.chatMessage',
  idea: 'reports.report.title.idea',
};

/** How a report ended: sent now, or the user had reported the item before. */
export type ReportOutcome = 'sent' | 'already';

export function ReportDialog({
  open,
  target,
  onClose,
  onReported,
}: {
  open: boolean;
  target: ReportTarget;
  onClose: () => void;
  onReported?: (outcome: ReportOutcome) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const groupId = useId();
  const resolver = useSchemaResolver(reportFields, REPORT_LABELS);
  const applyApiErrors = useApiFieldErrors(REPORT_LABELS);
  const form = useForm<ReportFields, unknown, z.output<typeof reportFields>>({
    resolver,
    defaultValues: { note: '' },
  });
  const createReport = useCreateReport();
  const reportMessage = useReportChatMessage();
  const sending = createReport.isPending || reportMessage.isPending;
  const [outcome, setOutcome] = useState<ReportOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const note = useWatch({ control: form.control, name: 'note' }) ?? '';
  const { errors } = form.formState;

  const close = () => {
    if (sending) return;
    onClose();
    // The next opening starts over (a refused report can be tried again).
    setOutcome(null);
    setError(null);
    form.reset();
  };

  const finish = (result: ReportOutcome) => {
    setOutcome(result);
    onReported?.(result);
  };

  const submit = form.handleSubmit(async ({ reason, note: text }) => {
    setError(null);
    const extra = text ? { note: text } : {};
    try {
      if (target.kind === 'chatMessage') {
        await reportMessage.mutateAsync({ roomId: target.roomId, messageId: target.messageId, reason, ...extra });
      } else {
        await createReport.mutateAsync({ kind: target.kind, targetId: target.targetId, reason, ...extra });
      }
      finish('sent');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ALREADY_REPORTED') return finish('already');
      if (applyApiErrors(err, form.setError, ['reason', 'note'])) return;
      setError(errorText(err));
    }
  });

  return (
    <Modal open={open} title={t(TITLE[target.kind])} onClose={close} testId="report-dialog">
      {outcome ? (
        <div className="report-done">
          <p role="status" data-testid={outcome === 'sent' ? 'report-sent' : 'report-already'}>
            {t(outcome === 'sent' ? 'reports.report.sent' : 'reports.report.already')}
          </p>
          <div className="form-actions fx-actions">
            <button type="button" className="btn btn-primary" onClick={close}>
              {t('common.close')}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="report-form" noValidate aria-label={t(TITLE[target.kind])}>
          <fieldset className="report-reasons" aria-describedby={errors.reason ? `${groupId}-reason-error` : undefined}>
            <legend className="field-label">{t('reports.report.reason')}</legend>
            {REPORT_REASONS.map((reason) => (
              <label key={reason} className="report-reason">
                <input
                  type="radio"
                  value={reason}
                  {...form.register('reason')}
                  data-testid={`report-reason-${reason}`}
                />
                <span>{t(REASON_TEXT[reason])}</span>
              </label>
            ))}
            <FieldError id={`${groupId}-reason-error`} message={errors.reason?.message} testId="report-reason-error" />
          </fieldset>
          <label className="field">
            <span className="field-label">{t('reports.report.note')}</span>
            <textarea
              className="textarea"
              rows={3}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={`${groupId}-note-hint${errors.note ? ` ${groupId}-note-error` : ''}`}
              {...form.register('note')}
              data-testid="report-note"
            />
            <small className="field-hint" id={`${groupId}-note-hint`}>
              {t('reports.report.noteHint', { count: [...note].length, max: REPORT_NOTE_MAX })}
            </small>
            <FieldError id={`${groupId}-note-error`} message={errors.note?.message} testId="report-note-error" />
          </label>
          {error && (
            <p className="field-error fx-error" role="alert" data-testid="report-error">
              {error}
            </p>
          )}
          <div className="form-actions fx-actions">
            <button type="button" className="btn btn-secondary" onClick={close} disabled={sending}>
              {t('reports.report.cancel')}
            </button>
            <button type="submit" className="btn btn-danger" disabled={sending} data-testid="report-submit">
              {sending ? t('reports.report.sending') : t('reports.report.submit')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
