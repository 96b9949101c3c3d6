/**
 * A business's offer on a request (POST /offer), or the change of the price and message of its pending
 * offer (PUT /offer/{id}), checked with the API's own schema. The request's page loads this form when it
 * is first opened. The price guide under the price says where the price stands among accepted offers.
 */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod';
import { reviseOfferBody } from '../../../../common/schemas/offers';
import type { Offer } from '../../../../common/types';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { FieldError, useApiFieldErrors, useSchemaResolver, type FieldLabels } from '../../lib/forms';
import { useCreateOffer } from '../offers/api/create-offer';
import { useReviseOffer } from '../offers/api/revise-offer';
import { PriceGuide } from '../price-guide';

/** The fields of POST /offer a business types, the body of PUT /offer/{id}: the API's own rules for them. */
const offerFields = reviseOfferBody;

const OFFER_LABELS: FieldLabels = { price: 'postDetail.offer.priceName', message: 'postDetail.offer.message' };

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
  const form = useForm<z.input<typeof offerFields>, unknown, z.output<typeof offerFields>>({
    resolver,
    defaultValues: revise ? { price: revise.price, message: revise.message } : { price: '', message: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const createOffer = useCreateOffer();
  const reviseOffer = useReviseOffer();
  const applyApiErrors = useApiFieldErrors(OFFER_LABELS);
  const sending = createOffer.isPending || reviseOffer.isPending;
  const title = revise ? t('trust.revise.title') : t('postDetail.makeOffer');
  const { errors } = form.formState;
  const priceError = errors.price?.message;
  const messageError = errors.message?.message;
  const priceText = useWatch({ control: form.control, name: 'price' });
  const typedPrice = priceText === '' || priceText === undefined ? undefined : Number(priceText);

  const submit = form.handleSubmit(async ({ price, message }) => {
    setError(null);
    if (!businessId) {
      setError(t('postDetail.offer.noBusiness'));
      return;
    }
    try {
      if (revise) await reviseOffer.mutateAsync({ offerId: revise._id, price, message, postId, businessId });
      else await createOffer.mutateAsync({ price, message, postId, businessId });
      onDone();
    } catch (err) {
      if (applyApiErrors(err, form.setError, ['price', 'message'])) return;
      const reason = errorText(err);
      setError(revise ? t('trust.revise.failed', { reason }) : t('postDetail.offer.failed', { reason }));
    }
  });

  return (
    <form className="pd-offer-form" onSubmit={submit} aria-label={title} noValidate>
      <h2 className="pd-subtitle">{title}</h2>
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
      {error && (
        <p className="field-error fx-error" role="alert" data-testid="offer-error">
          {error}
        </p>
      )}
      <div className="form-actions fx-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {revise ? t('trust.revise.cancel') : t('postDetail.offer.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={sending} data-testid="offer-submit">
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
