/**
 * The sign-in forms' fields: a label, the input (registered with react-hook-form) and its error beside it; and their
 * submit button.
 */
import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { EyeIcon, EyeOffIcon } from '../../components/icons';
import { useT } from '../../i18n/useT';
import { FieldError } from '../../lib/forms';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: string;
  /** The field's refusal, already worded. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

export function TextField({ id, label, error, type = 'text', ...input }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type={type}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function PasswordField({ id, label, error, ...input }: Omit<FieldProps, 'type'>) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="input-group">
        <input
          id={id}
          className="input"
          type={visible ? 'text' : 'password'}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <button
          type="button"
          className="icon-btn input-addon"
          style={{ width: 34, height: 34, border: 'none' }}
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** What each form hands the page: its checked values; the page talks to the sign-in service. */
export type Submit<T> = (values: T) => Promise<void>;

export function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  const t = useT();
  return (
    <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
      {busy ? t('auth.wait') : label}
    </button>
  );
}
