/**
 * The client's review of the business it hired (POST /finishedJobs: a rating and a text, checked with the
 * API's own schema), asked when the client marks the job finished. The post's page loads this dialog
 * when it is first opened.
 */
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod';
import { finishedJobBody } from '../../../../common/schemas/offers';
import type { Offer } from '../../../../common/types';
import { StarPicker } from '../../components/feedback';
import { Modal } from '../../components/Modal';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/useT';
import { FieldError, useApiFieldErrors, useSchemaResolver, type FieldLabels } from '../../lib/forms';
import { useFinishJob } from '../../entities/offers/api/finish-job';

/** The review (a new form for each offer: the parent keys it by the offer). The fields of POST /finishedJobs a client gives: the API's own rules for them. */
const reviewFields = finishedJobBody.pick({ rating: true, review: true });

const REVIEW_LABELS: FieldLabels = { rating: 'postView.review.rating', review: 'postView.review.text' };

export function ReviewDialog({
  offer,
  postId,
  onClose,
  onDone,
}: {
  offer: Offer | null;
  postId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const resolver = useSchemaResolver(reviewFields, REVIEW_LABELS);
  const applyApiErrors = useApiFieldErrors(REVIEW_LABELS);
  const form = useForm<z.input<typeof reviewFields>, unknown, z.output<typeof reviewFields>>({
    resolver,
    defaultValues: { rating: 0, review: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const finishJob = useFinishJob();
  const sending = finishJob.isPending;
  const { errors } = form.formState;
  const rating = Number(useWatch({ control: form.control, name: 'rating' })) || 0;
  const reviewError = errors.review?.message;
  // The schema refuses a missing rating; the product asks for one in its own words.
  const ratingError = errors.rating ? t('postView.review.ratingRequired') : undefined;

  const submit = form.handleSubmit(async ({ rating: stars, review }) => {
    if (!offer) return;
    setError(null);
    try {
      await finishJob.mutateAsync({ postId, businessId: offer.businessId, rating: stars, review });
      onDone();
    } catch (err) {
      if (applyApiErrors(err, form.setError, ['rating', 'review'])) return;
      setError(t('postView.review.failed', { reason: errorText(err) }));
    }
  });

  return (
    <Modal
      open={!!offer}
      title={t('postView.review.title')}
      onClose={() => !sending && onClose()}
      testId="review-dialog"
    >
      <form onSubmit={submit} className="pv-review-form" noValidate>
        <p>
          {t('postView.review.question', {
            business: offer?.business?.businessName || t('postView.review.thisBusiness'),
          })}
        </p>
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <StarPicker
              value={Number(field.value) || 0}
              onChange={(v) => {
                field.onChange(v);
                form.clearErrors('rating');
              }}
            />
          )}
        />
        <FieldError id="review-rating-error" message={ratingError} testId="review-rating-error" />
        <label className="field">
          <span className="field-label">{t('postView.review.text')}</span>
          <textarea
            className="textarea"
            required
            rows={4}
            aria-invalid={reviewError ? true : undefined}
            aria-describedby={reviewError ? 'review-text-error' : undefined}
            {...form.register('review')}
            data-testid="review-text"
          />
          <FieldError id="review-text-error" message={reviewError} testId="review-text-error" />
        </label>
        {error && (
          <p className="field-error fx-error" role="alert" data-testid="review-error">
            {error}
          </p>
        )}
        <div className="form-actions fx-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={onClose}
            disabled={sending}
            data-testid="review-skip"
          >
            {t('postView.review.skip')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={sending || rating < 1}
            data-testid="review-submit"
          >
            {sending ? t('postView.review.submitting') : t('postView.review.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
