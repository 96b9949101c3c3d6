/**
 * The business's Reply (or Edit reply) form under a review, checked with the API's own schema. The
 * review's reply area loads it when the business first opens it.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { reviewReplyBody } from '../../../../common/schemas/offers';
import type { FinishedJob } from '../../../../common/types';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/useT';
import { FieldError, useApiFieldErrors, useSchemaResolver, type FieldLabels } from '../../lib/forms';
import { useReplyToReview } from './api/reply-to-review';

const LABELS: FieldLabels = { text: 'profiles.reply.field' };

export function ReplyForm({ job, onDone }: { job: FinishedJob; onDone: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const id = useId();
  const resolver = useSchemaResolver(reviewReplyBody, LABELS);
  const form = useForm<z.input<typeof reviewReplyBody>, unknown, z.output<typeof reviewReplyBody>>({
    resolver,
    defaultValues: { text: job.reply?.text ?? '' },
  });
  const save = useReplyToReview();
  const applyApiErrors = useApiFieldErrors(LABELS);
  const [error, setError] = useState<string | null>(null);
  const textError = form.formState.errors.text?.message;
  const title = job.reply ? t('profiles.reply.edit') : t('profiles.reply.write');

  const submit = form.handleSubmit(async ({ text }) => {
    setError(null);
    try {
      await save.mutateAsync({ postId: job.postId, businessId: job.businessId, text });
      onDone();
    } catch (err) {
      if (applyApiErrors(err, form.setError, ['text'])) return;
      setError(t('profiles.reply.failed', { reason: errorText(err) }));
    }
  });

  return (
    <form className="pf-reply-form" onSubmit={submit} aria-label={title} noValidate data-testid="review-reply-form">
      <label className="field">
        <span className="field-label">{t('profiles.reply.field')}</span>
        <textarea
          className="textarea"
          rows={3}
          required
          aria-invalid={textError ? true : undefined}
          aria-describedby={textError ? `${id}-error` : undefined}
          {...form.register('text')}
          data-testid="review-reply-text"
        />
        <FieldError id={`${id}-error`} message={textError} testId="review-reply-text-error" />
      </label>
      {error && (
        <p className="field-error" role="alert" data-testid="review-reply-error">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-secondary btn-sm" onClick={onDone}>
          {t('profiles.reply.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn-primary btn-sm"
          disabled={save.isPending}
          data-testid="review-reply-save"
        >
          {save.isPending ? t('profiles.reply.saving') : t('profiles.reply.save')}
        </button>
      </div>
    </form>
  );
}
