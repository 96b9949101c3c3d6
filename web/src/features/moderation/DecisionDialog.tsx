/**
 * A moderator's decision on a reported item: hide it, dismiss the reports or suspend the owner's account,
 * with a reason (the shared decision schema requires one to hide or suspend). Suspending asks once more
 * before it is sent.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ModerationAction } from '../../../../common/moderation';
import type { decisionBody } from '../../../../common/schemas/moderation';
import { Modal } from '../../components/Modal';
import type { MessageId } from '../../i18n/catalog/en';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/useT';
import { FieldError, useApiFieldErrors, useSchemaResolver, type FieldLabels } from '../../lib/forms';
import { useDecideReport } from './api/decide-report';
import type { ReportedItem } from './api/types';

type DecisionFields = z.input<typeof decisionBody>;

const DECISION_LABELS: FieldLabels = { reason: 'moderation.decide.reason' };

const TEXT: Record<ModerationAction, { title: MessageId; hint: MessageId; submit: MessageId }> = {
  hide: {
    title: 'moderation.decide.title.hide',
    hint: 'moderation.decide.hint.hide',
    submit: 'moderation.decide.submit.hide',
  },
  dismiss: {
    title: 'moderation.decide.title.dismiss',
    hint: 'moderation.decide.hint.dismiss',
    submit: 'moderation.decide.submit.dismiss',
  },
  suspend: {
    title: 'moderation.decide.title.suspend',
    hint: 'moderation.decide.hint.suspend',
    submit: 'moderation.decide.submit.suspend',
  },
};

/** POST /moderation/reports/{id}/decision's schema, fetched apart from the page (zod loads when a dialog opens). */
const loadDecisionSchema = () => import('../../../../common/schemas/moderation').then((m) => m.decisionBody);

/** The dialog of one decision (the parent keys it by entry and action, so each opening starts empty). */
export function DecisionDialog({
  entry,
  action,
  onClose,
  onDecided,
}: {
  entry: ReportedItem;
  action: ModerationAction;
  onClose: () => void;
  onDecided: (action: ModerationAction) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const id = useId();
  const resolver = useSchemaResolver(loadDecisionSchema, DECISION_LABELS);
  const applyApiErrors = useApiFieldErrors(DECISION_LABELS);
  const form = useForm<DecisionFields, unknown, z.output<typeof decisionBody>>({
    resolver,
    defaultValues: { action, reason: '' },
  });
  const decide = useDecideReport();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const text = TEXT[action];
  const reasonError = form.formState.errors.reason?.message;

  async function send(reason: string | undefined) {
    setError(null);
    try {
      await decide.mutateAsync({ id: entry._id, decision: reason ? { action, reason } : { action } });
      onDecided(action);
    } catch (err) {
      setConfirming(null);
      if (applyApiErrors(err, form.setError, ['reason'])) return;
      setError(errorText(err));
    }
  }

  const submit = form.handleSubmit(async ({ reason }) => {
    if (action === 'suspend') setConfirming(reason ?? '');
    else await send(reason);
  });

  const close = () => !decide.isPending && onClose();

  return (
    <Modal open title={t(text.title)} onClose={close} testId="decision-dialog">
      {confirming !== null ? (
        <div className="mod-confirm">
          <p data-testid="suspend-confirm">
            {t('moderation.decide.confirmSuspend', { name: entry.ownerName || entry.ownerSub })}
          </p>
          {error && (
            <p className="field-error fx-error" role="alert" data-testid="decision-error">
              {error}
            </p>
          )}
          <div className="form-actions fx-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setConfirming(null)}
              disabled={decide.isPending}
            >
              {t('moderation.decide.back')}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => void send(confirming || undefined)}
              disabled={decide.isPending}
              data-testid="suspend-confirm-yes"
            >
              {decide.isPending ? t('moderation.decide.saving') : t('moderation.decide.confirmYes')}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="mod-decision-form" noValidate aria-label={t(text.title)}>
          <p className="mod-excerpt-small">{entry.excerpt}</p>
          <label className="field">
            <span className="field-label">{t('moderation.decide.reason')}</span>
            <textarea
              className="textarea"
              rows={3}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={`${id}-hint${reasonError ? ` ${id}-error` : ''}`}
              {...form.register('reason')}
              data-testid="decision-reason"
            />
            <small className="field-hint" id={`${id}-hint`}>
              {t(text.hint)}
            </small>
            <FieldError id={`${id}-error`} message={reasonError} testId="decision-reason-error" />
          </label>
          {error && (
            <p className="field-error fx-error" role="alert" data-testid="decision-error">
              {error}
            </p>
          )}
          <div className="form-actions fx-actions">
            <button type="button" className="btn btn-secondary" onClick={close} disabled={decide.isPending}>
              {t('moderation.decide.cancel')}
            </button>
            <button
              type="submit"
              className={action === 'dismiss' ? 'btn btn-primary' : 'btn btn-danger'}
              disabled={decide.isPending}
              data-testid="decision-submit"
            >
              {decide.isPending ? t('moderation.decide.saving') : t(text.submit)}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
