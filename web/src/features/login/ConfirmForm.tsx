/** /login, Confirmation Code: the code the sign-up emailed, and sending a new one. */
import { useForm } from 'react-hook-form';
import { useT } from '../../i18n/useT';
import { useSchemaResolver, type FieldLabels } from '../../lib/forms';
import { confirmSignUpForm } from './authSchemas';
import { TextField, type Submit } from './fields';

export const CONFIRM_LABELS: FieldLabels = { email: 'auth.field.email', code: 'auth.field.code' };

export function ConfirmForm({
  email,
  busy,
  onSubmit,
  onResend,
}: {
  email: string;
  busy: boolean;
  onSubmit: Submit<{ email: string; code: string }>;
  onResend: (email: string) => void;
}) {
  const t = useT();
  const { register, handleSubmit, formState, getValues } = useForm({
    resolver: useSchemaResolver(confirmSignUpForm, CONFIRM_LABELS),
    defaultValues: { email, code: '' },
  });
  const { errors, isSubmitting } = formState;
  return (
    <form method="post" onSubmit={handleSubmit(onSubmit)} noValidate>
      {!email && (
        <TextField
          id="email"
          label={t('auth.field.email')}
          type="email"
          error={errors.email?.message}
          {...register('email')}
        />
      )}
      <TextField
        id="code"
        label={t('auth.field.code')}
        autoComplete="one-time-code"
        error={errors.code?.message}
        {...register('code')}
      />
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={isSubmitting}>
        {t('auth.confirmSignup')}
      </button>
      <div className="auth-secondary-actions">
        <button
          type="button"
          className="btn btn-ghost"
          disabled={busy || isSubmitting}
          onClick={() => onResend(getValues('email').trim())}
        >
          {t('auth.resend')}
        </button>
      </div>
    </form>
  );
}
