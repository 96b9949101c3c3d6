/** /login, Reset Password: first the address to send a code to, then the code and the new password. */
import { useForm } from 'react-hook-form';
import { useT } from '../../i18n/useT';
import { useSchemaResolver, type FieldLabels } from '../../lib/forms';
import { resetPasswordForm, resetRequestForm } from './authSchemas';
import { PasswordField, SubmitButton, TextField, type Submit } from './fields';

export const RESET_LABELS: FieldLabels = {
  email: 'auth.field.email',
  code: 'auth.field.resetCode',
  newPassword: 'auth.field.newPassword',
};

export function ResetRequestForm({
  email,
  onSubmit,
  onBack,
}: {
  email: string;
  onSubmit: Submit<{ email: string }>;
  onBack: () => void;
}) {
  const t = useT();
  const { register, handleSubmit, formState } = useForm({
    resolver: useSchemaResolver(resetRequestForm, RESET_LABELS),
    defaultValues: { email },
  });
  return (
    <form method="post" onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextField
        id="email"
        label={t('auth.field.email')}
        type="email"
        autoComplete="username"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <SubmitButton busy={formState.isSubmitting} label={t('auth.sendResetCode')} />
      <div className="auth-secondary-actions">
        <button type="button" className="btn btn-ghost" onClick={onBack}>
          {t('auth.backToLogin')}
        </button>
      </div>
    </form>
  );
}

export function ResetPasswordForm({
  email,
  onSubmit,
  onBack,
}: {
  email: string;
  onSubmit: Submit<{ email: string; code: string; newPassword: string }>;
  onBack: () => void;
}) {
  const t = useT();
  const { register, handleSubmit, formState } = useForm({
    resolver: useSchemaResolver(resetPasswordForm, RESET_LABELS),
    defaultValues: { email, code: '', newPassword: '' },
  });
  const { errors, isSubmitting } = formState;
  return (
    <form method="post" onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextField
        id="resetCode"
        label={t('auth.field.resetCode')}
        autoComplete="one-time-code"
        error={errors.code?.message}
        {...register('code')}
      />
      <PasswordField
        id="newPassword"
        label={t('auth.field.newPassword')}
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <p className="field-hint">{t('auth.passwordHint')}</p>
      <SubmitButton busy={isSubmitting} label={t('auth.resetPassword')} />
      <div className="auth-secondary-actions">
        <button type="button" className="btn btn-ghost" onClick={onBack}>
          {t('auth.backToLogin')}
        </button>
      </div>
    </form>
  );
}
