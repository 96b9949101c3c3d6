/**
 * The business's profile edit (name, description, town, service towns, public page, categories, photo), checked
 * with the API's own schema (updateBusinessBody).
 */
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type * as z from 'zod';
import type { Business } from '../../../../common/types';
import { pagePath } from '../../../../common/publicPages';
import { useAuth } from '../../auth/AuthProvider';
import { TownSelect, TOWNS_IN_ORDER } from '../../components/TownSelect';
import { useLanguage } from '../../i18n/I18nProvider';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/useT';
import { useCategories } from '../../lib/categories';
import { FieldError, useApiFieldErrors, useSchemaResolver } from '../../lib/forms';
import { useBusiness } from '../../entities/businesses/api/get-business';
import { useUpdateBusiness } from '../../entities/businesses/api/update-business';
import { EditShell, FormBanners, NotYours } from './EditShell';
import { PhotoPicker, usePhoto } from './ProfilePhoto';
import type { businessProfileForm } from './profileForms';

/** The form's schema, fetched apart from the page (see profileForms.ts). */
const loadBusinessProfileForm = () => import('./profileForms').then((m) => m.businessProfileForm);
type BusinessValues = z.input<typeof businessProfileForm>;

const BUSINESS_LABELS = {
  businessName: 'settings.profile.businessName',
  description: 'settings.profile.description',
  location: 'settings.profile.location',
  categories: 'settings.profile.categories',
  serviceTowns: 'notifications.serviceTowns',
  publicPage: 'settings.profile.publicPage',
  profilePicture: 'settings.profile.photo',
} as const;

export function BusinessProfileEdit({ id }: { id: string }) {
  const me = useAuth();
  const businessQuery = useBusiness(id);
  if (me.account && me.account.id !== id) return <NotYours />;
  return (
    <EditShell titleId="settings.profile.editBusinessTitle" query={businessQuery}>
      {businessQuery.data && <BusinessForm id={id} business={businessQuery.data} />}
    </EditShell>
  );
}

/** The business's form, started from the loaded record (later refetches do not overwrite edits). */
function BusinessForm({ id, business }: { id: string; business: Business }) {
  const t = useT();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const photo = usePhoto(business.profilePicture);
  const { categories } = useCategories();
  const updateBusiness = useUpdateBusiness();
  const resolver = useSchemaResolver(loadBusinessProfileForm, BUSINESS_LABELS);
  const applyApiErrors = useApiFieldErrors(BUSINESS_LABELS);
  const form = useForm<BusinessValues, unknown, z.output<typeof businessProfileForm>>({
    resolver,
    defaultValues: {
      businessName: business.businessName ?? '',
      description: business.description ?? '',
      location: business.location as BusinessValues['location'],
      categories: business.categories ?? [],
      serviceTowns: (business.serviceTowns?.length
        ? business.serviceTowns
        : business.location
          ? [business.location]
          : []) as BusinessValues['serviceTowns'],
      publicPage: business.publicPage !== false,
    },
  });
  const { language } = useLanguage();
  const [error, setError] = useState<string | null>(null);
  const [businessName, location] = useWatch({ control: form.control, name: ['businessName', 'location'] });
  const errors = form.formState.errors;
  const saving = updateBusiness.isPending;

  const save = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await updateBusiness.mutateAsync({ businessId: id, changes: { ...values, ...photo.field } });
      navigate(`/businessprofile/${id}`);
    } catch (err) {
      const placed = applyApiErrors(err, form.setError, [
        'businessName',
        'description',
        'location',
        'categories',
        'serviceTowns',
      ]);
      if (!placed) setError(errorText(err));
    }
  });

  return (
    <>
      <FormBanners photoBanner={photo.banner} error={error} />
      <form onSubmit={save} className="st-form" aria-label={t('settings.profile.editBusinessTitle')} noValidate>
        <PhotoPicker photo={photo} />
        <div className="field">
          <label htmlFor="st-bname">{t(BUSINESS_LABELS.businessName)}</label>
          <input
            id="st-bname"
            className="input"
            required
            aria-invalid={errors.businessName ? true : undefined}
            aria-describedby={errors.businessName ? 'st-bname-error' : undefined}
            {...form.register('businessName')}
            data-testid="profile-business-name"
          />
          <FieldError id="st-bname-error" message={errors.businessName?.message} testId="profile-business-name-error" />
        </div>
        <div className="field">
          <label htmlFor="st-desc">{t(BUSINESS_LABELS.description)}</label>
          <textarea
            id="st-desc"
            className="textarea"
            rows={5}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? 'st-desc-error' : undefined}
            {...form.register('description')}
            data-testid="profile-description"
          />
          <FieldError id="st-desc-error" message={errors.description?.message} testId="profile-description-error" />
        </div>
        <div className="field">
          <label htmlFor="st-blocation">{t(BUSINESS_LABELS.location)}</label>
          <Controller
            control={form.control}
            name="location"
            render={({ field }) => (
              <TownSelect
                id="st-blocation"
                className="select input"
                required
                placeholder={t('settings.profile.selectTown')}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                aria-invalid={errors.location ? true : undefined}
                aria-describedby={errors.location ? 'st-blocation-error' : undefined}
                data-testid="profile-location"
              />
            )}
          />
          <FieldError id="st-blocation-error" message={errors.location?.message} testId="profile-location-error" />
        </div>
        <div className="field">
          <label htmlFor="st-service-towns">{t(BUSINESS_LABELS.serviceTowns)}</label>
          <Controller
            control={form.control}
            name="serviceTowns"
            render={({ field }) => (
              <select
                id="st-service-towns"
                className="select input"
                multiple
                size={6}
                value={(field.value ?? []) as string[]}
                onChange={(e) =>
                  field.onChange(Array.from(e.target.options).flatMap((o) => (o.selected ? [o.value] : [])))
                }
                onBlur={field.onBlur}
                aria-invalid={errors.serviceTowns ? true : undefined}
                aria-describedby={errors.serviceTowns ? 'st-service-towns-error' : 'st-service-towns-hint'}
                data-testid="profile-service-towns"
              >
                {TOWNS_IN_ORDER.map((town) => (
                  <option key={town} value={town}>
                    {town}
                  </option>
                ))}
              </select>
            )}
          />
          <p id="st-service-towns-hint" className="muted">
            {t('notifications.serviceTownsHint')}
          </p>
          <FieldError
            id="st-service-towns-error"
            message={errors.serviceTowns?.message}
            testId="profile-service-towns-error"
          />
        </div>
        <div className="field">
          <label className="st-check" htmlFor="st-public-page">
            <input
              id="st-public-page"
              type="checkbox"
              aria-describedby="st-public-page-hint"
              {...form.register('publicPage')}
              data-testid="profile-public-page"
            />
            {t(BUSINESS_LABELS.publicPage)}
          </label>
          <p id="st-public-page-hint" className="muted">
            {t('settings.profile.publicPageHint')}{' '}
            {business.slug && business.publicPage ? (
              <a href={pagePath({ kind: 'business', slug: business.slug }, language)} data-testid="profile-public-link">
                {t('settings.profile.publicPageOpen')}
              </a>
            ) : null}
          </p>
        </div>
        <Controller
          control={form.control}
          name="categories"
          render={({ field }) => {
            const selected = (field.value ?? []) as string[];
            const toggle = (catId: string) =>
              field.onChange(selected.includes(catId) ? selected.filter((c) => c !== catId) : [...selected, catId]);
            return (
              <fieldset className="field st-fieldset">
                <legend className="field-label">{t(BUSINESS_LABELS.categories)}</legend>
                <div className="st-chips">
                  {categories.map((c) => (
                    <button
                      key={c._id}
                      type="button"
                      className="chip chip-toggle"
                      aria-pressed={selected.includes(c._id)}
                      onClick={() => toggle(c._id)}
                    >
                      {c.name}
                    </button>
                  ))}
                </div>
                <FieldError
                  id="st-categories-error"
                  message={errors.categories?.message}
                  testId="profile-categories-error"
                />
              </fieldset>
            );
          }}
        />
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={() => navigate(`/businessprofile/${id}`)}>
            {t('settings.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={saving || photo.uploading || !businessName?.trim() || !location}
            data-testid="profile-save"
          >
            {saving ? t('settings.saving') : t('settings.save')}
          </button>
        </div>
      </form>
    </>
  );
}
