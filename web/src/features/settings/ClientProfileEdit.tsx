/** The client's profile edit (Full Name, town, photo), checked with the API's own schema (updateUserBody). */
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type * as z from 'zod';
import type { ClientUser } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { TownSelect } from '../../components/TownSelect';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/useT';
import { FieldError, useApiFieldErrors, useSchemaResolver } from '../../lib/forms';
import { useUpdateUser } from '../../entities/users/api/update-user';
import { useUser } from '../../entities/users/api/get-user';
import { EditShell, FormBanners, NotYours } from './EditShell';
import { PhotoPicker, usePhoto } from './ProfilePhoto';
import type { clientProfileForm } from './profileForms';

/** The form's schema, fetched apart from the page (see profileForms.ts). */
const loadClientProfileForm = () => import('./profileForms').then((m) => m.clientProfileForm);
type ClientValues = z.input<typeof clientProfileForm>;

const CLIENT_LABELS = { username: 'settings.profile.fullName', location: 'settings.profile.location' } as const;

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
