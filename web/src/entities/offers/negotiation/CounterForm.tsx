/**
 * The client's counter-offer on a pending offer: another price, optionally a start date, and a note, checked with
 * the API's own schema (POST /offer/{id}/counter). Loaded when the client first opens it.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { counterOfferBody } from '../../../../../common/schemas/offers';
import type { Offer } from '../../../../../common/types';
import { useErrorText } from '../../../i18n/errors';
import { useFormat } from '../../../i18n/format';
import { useT } from '../../../i18n/useT';
import { FieldError, useApiFieldErrors, useSchemaResolver, type FieldLabels } from '../../../lib/forms';
import { useCounterOffer } from '../api/counter-offer';
import './negotiation.css';

const LABELS: FieldLabels = {
  price: 'negotiation.counter.priceName',
  startDate: 'negotiation.counter.startDateName',
  note: 'negotiation.counter.noteName',
};

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export function CounterForm({ offer, onCancel, onDone }: { offer: Offer; onCancel: () => void; onDone: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const { currencySymbol } = useFormat();
  const resolver = useSchemaResolver(counterOfferBody, LABELS);
  const form = useForm<z.input<typeof counterOfferBody>, unknown, z.output<typeof counterOfferBody>>({
    resolver,
    defaultValues: { version: offer.version ?? 0, price: '' },
  });
  const send = useCounterOffer();
  const applyApiErrors = useApiFieldErrors(LABELS);
  const [error, setError] = useState<string | null>(null);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await send.mutateAsync({ offerId: offer._id, postId: offer.postId, ...values, note: values.note || undefined });
      onDone();
    } catch (err) {
      if (applyApiErrors(err, form.setError, ['price', 'startDate', 'note'])) return;
      setError(t('negotiation.counter.failed', { reason: errorText(err) }));
    }
  });

  return (
    <form className="ng-counter-form" onSubmit={submit} noValidate aria-label={t('negotiation.counter.title')}>
      <label className="field">
        <span className="field-label">{t('negotiation.counter.price', { currency: currencySymbol() })}</span>
        <input
          className="input"
          type="number"
          step="0.01"
          inputMode="decimal"
          required
          aria-invalid={errors.price ? true : undefined}
          aria-describedby={errors.price ? 'counter-price-error' : undefined}
          {...form.register('price')}
          data-testid="counter-price"
        />
        <FieldError id="counter-price-error" message={errors.price?.message} testId="counter-price-error" />
      </label>
      <label className="field">
        <span className="field-label">{t('negotiation.counter.startDate')}</span>
        <input
          className="input"
          type="date"
          aria-invalid={errors.startDate ? true : undefined}
          aria-describedby={errors.startDate ? 'counter-start-error' : undefined}
          {...form.register('startDate', { setValueAs: emptyToUndefined })}
          data-testid="counter-start"
        />
        <FieldError id="counter-start-error" message={errors.startDate?.message} />
      </label>
      <label className="field">
        <span className="field-label">{t('negotiation.counter.note')}</span>
        <textarea
          className="textarea"
          rows={3}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? 'counter-note-error' : undefined}
          {...form.register('note', { setValueAs: emptyToUndefined })}
          data-testid="counter-note"
        />
        <FieldError id="counter-note-error" message={errors.note?.message} />
      </label>
      {error && (
        <p className="field-error fx-error" role="alert" data-testid="counter-error">
          {error}
        </p>
      )}
      <div className="form-actions fx-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('negotiation.counter.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={send.isPending} data-testid="counter-send">
          {send.isPending ? t('negotiation.counter.sending') : t('negotiation.counter.send')}
        </button>
      </div>
    </form>
  );
}
