/**
 * The offer form's line items (./OfferForm.tsx): up to OFFER_ITEMS_MAX label and amount pairs, their total as the
 * business types, and "use the total as the price" when the two differ. Checked with the offer's own schema there.
 */
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import type * as z from 'zod';
import { OFFER_ITEMS_MAX } from '../../../../common/constants';
import { centsOf, offerTermsBody } from '../../../../common/schemas/offers';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { FieldError } from '../../lib/forms';

/** What the offer form holds: the fields of POST /offer a business types. */
export type OfferValues = z.input<typeof offerTermsBody>;

export function OfferItemsFields({
  form,
  typedPrice,
}: {
  form: UseFormReturn<OfferValues, unknown, z.output<typeof offerTermsBody>>;
  typedPrice: number | undefined;
}) {
  const t = useT();
  const { money } = useFormat();
  const items = useFieldArray({ control: form.control, name: 'items' });
  const { errors } = form.formState;
  const typedItems = useWatch({ control: form.control, name: 'items' }) ?? [];
  const itemAmounts = typedItems.map((i) => Number(i?.amount)).filter((n) => Number.isFinite(n));
  const itemsTotal = itemAmounts.length ? centsOf(itemAmounts) / 100 : undefined;
  const itemsError = errors.items?.message ?? errors.items?.root?.message;
  return (
    <fieldset className="pd-terms-items" data-testid="offer-items-fields">
      <legend className="field-label">{t('negotiation.form.items')}</legend>
      {items.fields.map((field, i) => {
        const labelError = errors.items?.[i]?.label?.message;
        const amountError = errors.items?.[i]?.amount?.message;
        return (
          <div className="pd-terms-item" key={field.id}>
            <label className="field">
              <span className="visually-hidden">{t('negotiation.form.itemLabel', { number: i + 1 })}</span>
              <input
                className="input"
                placeholder={t('negotiation.form.itemLabelName')}
                aria-invalid={labelError ? true : undefined}
                {...form.register(`items.${i}.label`)}
                data-testid="offer-item-label"
              />
              <FieldError id={`offer-item-${i}-label-error`} message={labelError} />
            </label>
            <label className="field">
              <span className="visually-hidden">{t('negotiation.form.itemAmount', { number: i + 1 })}</span>
              <input
                className="input"
                type="number"
                step="0.01"
                inputMode="decimal"
                placeholder={t('negotiation.form.itemAmountName')}
                aria-invalid={amountError ? true : undefined}
                {...form.register(`items.${i}.amount`)}
                data-testid="offer-item-amount"
              />
              <FieldError id={`offer-item-${i}-amount-error`} message={amountError} />
            </label>
            <button
              type="button"
              className="btn-link link-danger pd-item-remove"
              onClick={() => items.remove(i)}
              aria-label={t('negotiation.form.removeItem', { number: i + 1 })}
              data-testid="offer-item-remove"
            >
              {t('negotiation.form.removeItem', { number: i + 1 })}
            </button>
          </div>
        );
      })}
      {itemsTotal !== undefined && (
        <p className="pd-terms-total" data-testid="offer-items-total">
          <span>{t('negotiation.form.itemsTotal', { total: money(itemsTotal, 2) })}</span>
          {itemsTotal > 0 && itemsTotal !== typedPrice && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => form.setValue('price', String(itemsTotal), { shouldValidate: true })}
              data-testid="offer-items-use-total"
            >
              {t('negotiation.form.useTotal')}
            </button>
          )}
        </p>
      )}
      <FieldError id="offer-items-error" message={itemsError} testId="offer-items-error" />
      {items.fields.length < OFFER_ITEMS_MAX && (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => items.append({ label: '', amount: '' })}
          data-testid="offer-item-add"
        >
          {t('negotiation.form.addItem')}
        </button>
      )}
    </fieldset>
  );
}
