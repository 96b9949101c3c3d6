/** /login, Log in: the address and the password, and the way to Reset Password. */
import { useForm } from 'react-hook-form';
import { useT } from '../../i18n/useT';
import { useSchemaResolver, type FieldLabels } from '../../lib/forms';
import { logInForm } from './authSchemas';
import { PasswordField, SubmitButton, TextField, type Submit } from './fields';

export const LOGIN_LABELS: FieldLabels = { email: 'auth.field.email', password: 'auth.field.password' };

export function LogInForm({
  email,
  onSubmit,
  onForgot,
}: {
  email: string;
  onSubmit: Submit<{ email: string; password: string }>;
  onForgot: () => void;
}) {
  const t = useT();
  const { register, handleSubmit, formState } = useForm({
    resolver: useSchemaResolver(logInForm, LOGIN_LABELS),
    defaultValues: { email, password: '' },
  });
  const { errors, isSubmitting } = formState;
  return (
    // method="post": the sign-in screen is drawn before its script runs (common/prerender.ts), and a form sent before
    // the app has taken it over must never put the password in the address, as a GET would.
    <form method="post" onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextField
        id="email"
        label={t('auth.field.email')}
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        id="password"
        label={t('auth.field.password')}
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="auth-links">
        <span />
        <button type="button" className="btn-link" onClick={onForgot}>
          {t('auth.forgot')}
        </button>
      </div>
      <SubmitButton busy={isSubmitting} label={t('auth.continue')} />
    </form>
  );
}
