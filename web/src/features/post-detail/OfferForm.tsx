/**
 * A business's offer on a request (POST /offer), or the revision of its pending offer (PUT /offer/{id}, also its
 * answer to a client's counter-offer), checked with the API's own schema: price and message, and optionally line
 * items adding up to the price, the earliest start, the duration, what is included and the last valid day
 * (OFFER_VALIDITY_DEFAULT_DAYS when left empty). The request's page loads this form when it is first opened. The
 * price guide under the price says where the price stands among accepted offers.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod';
import { OFFER_INCLUDED, OFFER_ITEMS_MAX, OFFER_VALIDITY_DEFAULT_DAYS } from '../../../../common/constants';
import { offerTermsBody } from '../../../../common/schemas/offers';
import type { Offer } from '../../../../common/types';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { FieldError, useApiFieldErrors, useSchemaResolver, type FieldLabels } from '../../lib/forms';
import { useCreateOffer } from '../../entities/offers/api/create-offer';
import { useReviseOffer } from '../../entities/offers/api/revise-offer';
import { PriceGuide } from '../../entities/price-guide';
import { OfferQuota, billingKeys, useOffersLeft } from '../../entities/plans';
import { OfferItemsFields, type OfferValues } from './OfferItemsFields';

/** The fields of POST /offer a business types, the terms of PUT /offer/{id}: the API's own rules for them. */
const offerFields = offerTermsBody;

const OFFER_LABELS: FieldLabels = {
  price: 'postDetail.offer.priceName',
  message: 'postDetail.offer.message',
  items: 'negotiation.form.itemsName',
  startDate: 'negotiation.form.startDateName',
  durationDays: 'negotiation.form.durationDaysName',
  includedNote: 'negotiation.form.includedNoteName',
  validUntil: 'negotiation.form.validUntilName',
  ...Object.fromEntries(
    Array.from({ length: OFFER_ITEMS_MAX }, (_, i) => [
      [`items.${i}.label`, 'negotiation.form.itemLabelName'],
      [`items.${i}.amount`, 'negotiation.form.itemAmountName'],
    ]).flat(),
  ),
};
const API_FIELDS = ['price', 'message', 'items', 'startDate', 'durationDays', 'includedNote', 'validUntil'] as const;

/** An empty optional field is left out (the API's default applies), not sent as "". */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

type Values = OfferValues;

/** The form's values for an offer being revised (the validity starts again: empty). */
const revisionValues = (offer: Offer): Values => ({
  price: offer.price,
  message: offer.message,
  items: offer.items?.map((i) => ({ label: i.label, amount: i.amount })) ?? [],
  startDate: offer.startDate,
  durationDays: offer.durationDays,
  included: offer.included ?? [],
  includedNote: offer.includedNote,
});

/** Makes an offer, or with `revise` changes the price and message of that pending offer. */
export function OfferForm({
  postId,
  service,
  town,
  businessId,
  revise,
  onCancel,
  onDone,
}: {
  postId: string;
  /** The request's (first) service and its town: the price guide beside the price says where the price stands. */
  service?: string;
  town?: string;
  businessId?: string;
  revise?: Offer;
  onCancel: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const { currencySymbol } = useFormat();
  const resolver = useSchemaResolver(offerFields, OFFER_LABELS);
  const form = useForm<Values, unknown, z.output<typeof offerFields>>({
    resolver,
    defaultValues: revise ? revisionValues(revise) : { price: '', message: '', items: [], included: [] },
  });
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const createOffer = useCreateOffer();
  const reviseOffer = useReviseOffer();
  const applyApiErrors = useApiFieldErrors(OFFER_LABELS);
  const sending = createOffer.isPending || reviseOffer.isPending;
  // A new offer counts toward the month's offers of the plan (the meter above the form); a revision does not.
  const queryClient = useQueryClient();
  const { out: noOffersLeft } = useOffersLeft();
  const blocked = !revise && noOffersLeft;
  const title = revise ? t('trust.revise.title') : t('postDetail.makeOffer');
  const { errors } = form.formState;
  const priceError = errors.price?.message;
  const messageError = errors.message?.message;
  const priceText = useWatch({ control: form.control, name: 'price' });
  const typedPrice = priceText === '' || priceText === undefined ? undefined : Number(priceText);

  const submit = form.handleSubmit(async ({ items: lines, included, ...terms }) => {
    setError(null);
    if (!businessId) {
      setError(t('postDetail.offer.noBusiness'));
      return;
    }
    const body = {
      ...terms,
      ...(lines?.length ? { items: lines } : {}),
      ...(included?.length ? { included } : {}),
    };
    try {
      if (revise)
        await reviseOffer.mutateAsync({
          offerId: revise._id,
          postId,
          businessId,
          ...body,
          version: revise.version,
          note: note.trim() || undefined,
        });
      else await createOffer.mutateAsync({ ...body, postId, businessId });
      if (!revise) void queryClient.invalidateQueries({ queryKey: billingKeys.all });
      onDone();
    } catch (err) {
      if (!revise) void queryClient.invalidateQueries({ queryKey: billingKeys.all });
      if (applyApiErrors(err, form.setError, API_FIELDS)) return;
      const reason = errorText(err);
      setError(revise ? t('trust.revise.failed', { reason }) : t('postDetail.offer.failed', { reason }));
    }
  });

  return (
    <form className="pd-offer-form" onSubmit={submit} aria-label={title} noValidate>
      <h2 className="pd-subtitle">{title}</h2>
      {!revise && <OfferQuota />}
      <label className="field">
        <span className="field-label">{t('postDetail.offer.price', { currency: currencySymbol() })}</span>
        <input
          className="input"
          type="number"
          step="0.01"
          required
          inputMode="decimal"
          aria-invalid={priceError ? true : undefined}
          aria-describedby={priceError ? 'offer-price-error' : undefined}
          {...form.register('price')}
          data-testid="offer-price"
        />
        <FieldError id="offer-price-error" message={priceError} testId="offer-price-error" />
      </label>
      <PriceGuide service={service} town={town} price={typedPrice} testId="offer-price-guide" />
      <label className="field">
        <span className="field-label">{t('postDetail.offer.message')}</span>
        <textarea
          className="textarea"
          required
          rows={4}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? 'offer-message-error' : undefined}
          {...form.register('message')}
          data-testid="offer-message"
        />
        <FieldError id="offer-message-error" message={messageError} testId="offer-message-error" />
      </label>
      <OfferItemsFields form={form} typedPrice={typedPrice} />
      <div className="pd-terms-row">
        <label className="field">
          <span className="field-label">{t('negotiation.form.startDate')}</span>
          <input
            className="input"
            type="date"
            aria-invalid={errors.startDate ? true : undefined}
            aria-describedby={errors.startDate ? 'offer-start-error' : undefined}
            {...form.register('startDate', { setValueAs: emptyToUndefined })}
            data-testid="offer-start"
          />
          <FieldError id="offer-start-error" message={errors.startDate?.message} testId="offer-start-error" />
        </label>
        <label className="field">
          <span className="field-label">{t('negotiation.form.durationDays')}</span>
          <input
            className="input"
            type="number"
            step="1"
            min="1"
            inputMode="numeric"
            aria-invalid={errors.durationDays ? true : undefined}
            aria-describedby={errors.durationDays ? 'offer-duration-error' : undefined}
            {...form.register('durationDays', { setValueAs: emptyToUndefined })}
            data-testid="offer-duration"
          />
          <FieldError id="offer-duration-error" message={errors.durationDays?.message} />
        </label>
        <label className="field">
          <span className="field-label">{t('negotiation.form.validUntil', { days: OFFER_VALIDITY_DEFAULT_DAYS })}</span>
          <input
            className="input"
            type="date"
            aria-invalid={errors.validUntil ? true : undefined}
            aria-describedby={errors.validUntil ? 'offer-valid-error' : undefined}
            {...form.register('validUntil', { setValueAs: emptyToUndefined })}
            data-testid="offer-valid-until"
          />
          <FieldError id="offer-valid-error" message={errors.validUntil?.message} testId="offer-valid-error" />
        </label>
      </div>
      <fieldset className="pd-terms-included">
        <legend>{t('negotiation.form.included')}</legend>
        {OFFER_INCLUDED.map((key) => (
          <label key={key}>
            <input type="checkbox" value={key} {...form.register('included')} data-testid={`offer-included-${key}`} />
            {t(`negotiation.included.${key}`)}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span className="field-label">{t('negotiation.form.includedNote')}</span>
        <input
          className="input"
          aria-invalid={errors.includedNote ? true : undefined}
          {...form.register('includedNote', { setValueAs: emptyToUndefined })}
          data-testid="offer-included-note"
        />
        <FieldError id="offer-included-note-error" message={errors.includedNote?.message} />
      </label>
      {revise && (
        <label className="field">
          <span className="field-label">{t('negotiation.form.note')}</span>
          <textarea
            className="textarea"
            rows={2}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            data-testid="offer-revision-note"
          />
        </label>
      )}
      {error && (
        <p className="field-error fx-error" role="alert" data-testid="offer-error">
          {error}
        </p>
      )}
      <div className="form-actions fx-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {revise ? t('trust.revise.cancel') : t('postDetail.offer.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={sending || blocked} data-testid="offer-submit">
          {revise
            ? sending
              ? t('trust.revise.saving')
              : t('trust.revise.save')
            : sending
              ? t('postDetail.offer.sending')
              : t('postDetail.offer.submit')}
        </button>
      </div>
    </form>
  );
}
