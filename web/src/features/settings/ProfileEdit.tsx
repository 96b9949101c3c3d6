/**
 * Profile edit screens of the settings: the client's (Full Name, town, photo) and the business's
 * (name, description, town, categories, photo). The forms check with the API's own request schemas
 * (updateUserBody, updateBusinessBody) and show the API's field errors beside their fields. Photos must
 * be at least 190 x 190 px; removing the photo resets it to the placeholder. Cancel or a successful
 * save returns to the profile. Loading, a failed load (with Retry) and the form are distinct states.
 */
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type * as z from 'zod';
import { useCategories } from '../../lib/categories';
import { AVATAR_PLACEHOLDER } from '../../lib/images';
import { uploadImage } from '../../lib/upload';
import { LIMITS, UPLOAD_CONTENT_TYPES } from '../../../../common/constants';
import type { Business, ClientUser } from '../../../../common/types';
import { pagePath } from '../../../../common/publicPages';
import { useLanguage } from '../../i18n/I18nProvider';
import { useAuth } from '../../auth/AuthProvider';
import { Banner, useTimedMessage } from '../../components/feedback';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/Spinner';
import { TownSelect, TOWNS_IN_ORDER } from '../../components/TownSelect';
import type { MessageId } from '../../i18n/catalog/en';
import { useErrorText } from '../../i18n/errors';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { FieldError, useApiFieldErrors, useSchemaResolver } from '../../lib/forms';
import { useBusiness } from '../../entities/businesses/api/get-business';
import { useUpdateBusiness } from '../../entities/businesses/api/update-business';
import { useUpdateUser } from '../../entities/users/api/update-user';
import { useUser } from '../../entities/users/api/get-user';
import { SafeImage } from '../../components/SafeImage';
import type { businessProfileForm, clientProfileForm } from './profileForms';

/** The forms' schemas, fetched apart from the page (see profileForms.ts). */
const loadClientProfileForm = () => import('./profileForms').then((m) => m.clientProfileForm);
const loadBusinessProfileForm = () => import('./profileForms').then((m) => m.businessProfileForm);
type ClientValues = z.input<typeof clientProfileForm>;
type BusinessValues = z.input<typeof businessProfileForm>;

const CLIENT_LABELS = { username: 'settings.profile.fullName', location: 'settings.profile.location' } as const;
const BUSINESS_LABELS = {
  businessName: 'settings.profile.businessName',
  description: 'settings.profile.description',
  location: 'settings.profile.location',
  categories: 'settings.profile.categories',
  serviceTowns: 'notifications.serviceTowns',
  publicPage: 'settings.profile.publicPage',
  profilePicture: 'settings.profile.photo',
} as const;

/** The photo being edited: unchanged, a newly uploaded key, or removed. */
type PhotoState = { kind: 'unchanged'; url?: string } | { kind: 'new'; key: string; url: string } | { kind: 'removed' };

function imageSize(file: File): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      reject(new Error('Not an image'));
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

function usePhoto(initialUrl: string | undefined) {
  const t = useT();
  const [photo, setPhoto] = useState<PhotoState>({ kind: 'unchanged', url: initialUrl });
  const [uploading, setUploading] = useState(false);
  const [banner, showBanner] = useTimedMessage(3000);

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      const { width, height } = await imageSize(file);
      if (width < LIMITS.profileImageMinPx || height < LIMITS.profileImageMinPx) {
        showBanner(t('settings.photo.tooSmall'));
        return;
      }
    } catch {
      showBanner(t('settings.photo.tooSmall'));
      return;
    }
    if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type) || file.size > LIMITS.maxImageBytes) {
      showBanner(t('settings.photo.failed'));
      return;
    }
    setUploading(true);
    try {
      const { key, url } = await uploadImage(file);
      setPhoto({ kind: 'new', key, url });
    } catch {
      showBanner(t('settings.photo.failed'));
    } finally {
      setUploading(false);
    }
  }

  const shownUrl = photo.kind === 'removed' ? undefined : photo.url;
  /** The body field: a new key, '' to remove, or nothing when unchanged. */
  const field =
    photo.kind === 'new' ? { profilePicture: photo.key } : photo.kind === 'removed' ? { profilePicture: '' } : {};
  return { uploading, banner, choose, shownUrl, field, remove: () => setPhoto({ kind: 'removed' }) };
}

function PhotoPicker({ photo }: { photo: ReturnType<typeof usePhoto> }) {
  const t = useT();
  return (
    <div className="st-photo">
      <SafeImage
        src={photo.shownUrl}
        fallback={AVATAR_PLACEHOLDER}
        alt={t('settings.photo.current')}
        className="st-photo-img"
        width={96}
        height={96}
        sizes="96px"
      />
      <div className="st-photo-actions">
        <label className="btn btn-secondary st-file">
          <input
            type="file"
            accept="image/*"
            onChange={photo.choose}
            disabled={photo.uploading}
            data-testid="profile-photo-input"
          />
          {photo.uploading ? t('settings.photo.uploading') : t('settings.photo.change')}
        </label>
        {photo.shownUrl && (
          <button type="button" className="btn-link link-danger" onClick={photo.remove} disabled={photo.uploading}>
            {t('settings.photo.remove')}
          </button>
        )}
        <span className="field-hint">{t('settings.photo.hint', { px: LIMITS.profileImageMinPx })}</span>
      </div>
    </div>
  );
}

function EditShell({
  titleId: title,
  children,
  query,
}: {
  titleId: MessageId;
  children: ReactNode;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
}) {
  const t = useT();
  usePageTitle(title);
  return (
    <div className="st-panel">
      <div className="st-hero" aria-hidden="true" />
      <h2>{t(title)}</h2>
      {query.isPending ? (
        <PageLoading label={t('settings.loading')} />
      ) : query.isError ? (
        <LoadError message={t('settings.profile.loadError')} onRetry={() => void query.refetch()} />
      ) : (
        children
      )}
    </div>
  );
}

function NotYours() {
  const t = useT();
  return <p className="empty-state">{t('settings.profile.notYours')}</p>;
}

/** The save's general error (what no field error says) and the photo banner, above the form. */
function FormBanners({ photoBanner, error }: { photoBanner: string | null; error: string | null }) {
  return (
    <>
      <Banner text={photoBanner} kind="error" testId="photo-banner" />
      {error && (
        <div className="banner banner-error" role="alert" data-testid="profile-save-error">
          {error}
        </div>
      )}
    </>
  );
}

export function ClientProfileEdit({ id }: { id: string }) {
  const me = useAuth();
  const userQuery = useUser(id);
  if (me.account && me.account.id !== id) return <NotYours />;
  return (
    <EditShell titleId="settings.profile.editTitle" query={userQuery}>
      {userQuery.data && <ClientForm id={id} user={userQuery.data} />}
    </EditShell>
  );
}

/** The client's form, started from the loaded record (later refetches do not overwrite edits). */
function ClientForm({ id, user }: { id: string; user: ClientUser }) {
  const t = useT();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const photo = usePhoto(user.profilePicture);
  const updateUser = useUpdateUser();
  const resolver = useSchemaResolver(loadClientProfileForm, CLIENT_LABELS);
  const applyApiErrors = useApiFieldErrors(CLIENT_LABELS);
  const form = useForm<ClientValues, unknown, z.output<typeof clientProfileForm>>({
    resolver,
    defaultValues: { username: user.username ?? '', location: (user.location ?? '') as ClientValues['location'] },
  });
  const [error, setError] = useState<string | null>(null);
  const username = useWatch({ control: form.control, name: 'username' });
  const errors = form.formState.errors;
  const saving = updateUser.isPending;

  const save = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await updateUser.mutateAsync({
        userId: id,
        changes: { username: values.username, location: values.location ?? '', ...photo.field },
      });
      navigate(`/clientprofile/${id}`);
    } catch (err) {
      if (!applyApiErrors(err, form.setError, ['username', 'location'])) setError(errorText(err));
    }
  });

  return (
    <>
      <FormBanners photoBanner={photo.banner} error={error} />
      <form onSubmit={save} className="st-form" aria-label={t('settings.profile.editTitle')} noValidate>
        <PhotoPicker photo={photo} />
        <div className="field">
          <label htmlFor="st-username">{t(CLIENT_LABELS.username)}</label>
          <input
            id="st-username"
            className="input"
            required
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={errors.username ? 'st-username-error' : undefined}
            {...form.register('username')}
            data-testid="profile-fullname"
          />
          <FieldError id="st-username-error" message={errors.username?.message} testId="profile-fullname-error" />
        </div>
        <div className="field">
          <label htmlFor="st-location">{t(CLIENT_LABELS.location)}</label>
          <Controller
            control={form.control}
            name="location"
            render={({ field }) => (
              <TownSelect
                id="st-location"
                className="select input"
                placeholder={t('settings.profile.selectTown')}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                aria-invalid={errors.location ? true : undefined}
                aria-describedby={errors.location ? 'st-location-error' : undefined}
                data-testid="profile-location"
              />
            )}
          />
          <FieldError id="st-location-error" message={errors.location?.message} testId="profile-location-error" />
        </div>
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={() => navigate(`/clientprofile/${id}`)}>
            {t('settings.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={saving || photo.uploading || !username?.trim()}
            data-testid="profile-save"
          >
            {saving ? t('settings.saving') : t('settings.save')}
          </button>
        </div>
      </form>
    </>
  );
}

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
