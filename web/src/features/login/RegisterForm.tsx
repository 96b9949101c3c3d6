/** /login, Create an account: a client (first and last name) or a business (its name and town), address and password. */
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { Role } from '../../../../common/constants';
import { TownSelect } from '../../components/TownSelect';
import { useT } from '../../i18n/useT';
import { useLanguage } from '../../i18n/I18nProvider';
import { pagePath } from '../../../../common/publicPages';
import { FieldError, useSchemaResolver, type FieldLabels } from '../../lib/forms';
import { registerForm } from './authSchemas';
import { PasswordField, SubmitButton, TextField } from './fields';

export const REGISTER_LABELS: FieldLabels = {
  email: 'auth.field.email',
  password: 'auth.field.password',
  confirmPassword: 'auth.field.confirmPassword',
  firstName: 'auth.field.firstName',
  lastName: 'auth.field.lastName',
  businessName: 'auth.field.businessName',
  location: 'auth.field.location',
};

export interface RegisterValues {
  accountType: Role;
  firstName: string;
  lastName: string;
  businessName: string;
  location: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Puts a refusal of the sign-in service beside the field it is about. */
export type PlaceOnField = (field: 'email' | 'password', message: string) => void;

export function RegisterForm({
  email,
  onSubmit,
}: {
  email: string;
  onSubmit: (values: RegisterValues, place: PlaceOnField) => Promise<void>;
}) {
  const t = useT();
  const { language } = useLanguage();
  const resolver = useSchemaResolver(registerForm, REGISTER_LABELS);
  const { register, handleSubmit, formState, control, setValue, setError } = useForm<RegisterValues>({
    // The schema checks the fields of the chosen account type; the page reads the ones it needs.
    resolver: resolver as unknown as Resolver<RegisterValues>,
    defaultValues: {
      accountType: 'client',
      firstName: '',
      lastName: '',
      businessName: '',
      location: '',
      email,
      password: '',
      confirmPassword: '',
    },
  });
  const { errors, isSubmitting } = formState;
  const [accountType, location] = useWatch({ control, name: ['accountType', 'location'] });
  const place: PlaceOnField = (field, message) => setError(field, { type: 'server', message }, { shouldFocus: true });
  return (
    <form method="post" onSubmit={handleSubmit((values) => onSubmit(values, place))} noValidate>
      <div className="segmented" role="group" aria-label={t('auth.accountType')}>
        {(['client', 'business'] as const).map((type) => (
          <button
            key={type}
            type="button"
            aria-pressed={accountType === type}
            onClick={() => setValue('accountType', type)}
          >
            {t(type === 'client' ? 'auth.client' : 'auth.business')}
          </button>
        ))}
      </div>
      {accountType === 'client' ? (
        <div className="form-row">
          <TextField
            id="firstName"
            label={t('auth.field.firstName')}
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            id="lastName"
            label={t('auth.field.lastName')}
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
      ) : (
        <>
          <TextField
            id="businessName"
            label={t('auth.field.businessName')}
            autoComplete="organization"
            error={errors.businessName?.message}
            {...register('businessName')}
          />
          <div className="field">
            <label htmlFor="location">{t('auth.field.location')}</label>
            <TownSelect
              id="location"
              name="location"
              value={location}
              aria-invalid={!!errors.location}
              aria-describedby={errors.location ? 'location-error' : undefined}
              onChange={(town) => setValue('location', town, { shouldValidate: formState.isSubmitted })}
            />
            <FieldError id="location-error" message={errors.location?.message} />
          </div>
        </>
      )}
      <TextField
        id="email"
        label={t('auth.field.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        id="password"
        label={t('auth.field.password')}
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        id="confirmPassword"
        label={t('auth.field.confirmPassword')}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <p className="field-hint" style={{ marginTop: -8 }}>
        {t('auth.passwordHint')}
      </p>
      <p className="field-hint" data-testid="register-privacy">
        {t('privacy.signUpNotice')}{' '}
        <a href={pagePath({ kind: 'privacy' }, language)} target="_blank" rel="noopener">
          {t('common.footer.privacy')}
        </a>
      </p>
      <SubmitButton busy={isSubmitting} label={t('auth.continue')} />
    </form>
  );
}
