/**
 * Change password: current, new and confirmation, with the password rules checked live
 * (PASSWORD_RULES, the same rules as the user pool; the form's rule is ./password.ts).
 */
import { useState } from 'react';
import { updatePassword } from 'aws-amplify/auth';
import { useForm, useWatch } from 'react-hook-form';
import { configureAuth } from '../../auth/session';
import { getConfig } from '../../lib/config';
import { useSchemaResolver } from '../../lib/forms';
import { PASSWORD_RULES } from '../../../../common/constants';
import type { MessageId } from '../../i18n/catalog/en';
import { isWrongPassword } from '../../i18n/errors';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { changePasswordForm, PASSWORD_NOT_CONFIRMED, type ChangePasswordValues } from './password';

const LABELS = {
  current: 'settings.password.current',
  next: 'settings.password.new',
  confirm: 'settings.password.confirm',
} as const satisfies Record<keyof ChangePasswordValues, MessageId>;

const ruleText = (id: (typeof PASSWORD_RULES)[number]['id']): MessageId => `settings.password.rule.${id}`;

export function ChangePassword() {
  const t = useT();
  usePageTitle('settings.password.title');
  const resolver = useSchemaResolver(changePasswordForm, LABELS);
  const form = useForm<ChangePasswordValues>({
    resolver,
    defaultValues: { current: '', next: '', confirm: '' },
  });
  const [current, next, confirm] = useWatch({ control: form.control, name: ['current', 'next', 'confirm'] });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const saving = form.formState.isSubmitting;
  const mismatch = confirm.length > 0 && confirm !== next;

  const save = form.handleSubmit(
    async (values) => {
      setError(null);
      setDone(false);
      try {
        configureAuth();
        await updatePassword({ oldPassword: values.current, newPassword: values.next });
        setDone(true);
        form.reset();
      } catch (err) {
        const wrongPassword = isWrongPassword(err, 'changePassword', !!getConfig().userPoolEndpoint);
        setError(t(wrongPassword ? 'settings.password.wrong' : 'settings.password.failed'));
      }
    },
    (errors) => {
      setDone(false);
      setError(
        t(
          errors.confirm?.type === PASSWORD_NOT_CONFIRMED
            ? 'settings.password.notConfirmed'
            : 'settings.password.notMet',
        ),
      );
    },
  );

  return (
    <div className="st-panel">
      <h2>{t('settings.password.title')}</h2>
      {done && (
        <div className="banner banner-success" role="status" data-testid="password-changed">
          {t('settings.password.changed')}
        </div>
      )}
      {error && (
        <div className="banner banner-error" role="alert" data-testid="password-error">
          {error}
        </div>
      )}
      <form onSubmit={save} className="st-form" aria-label={t('settings.password.title')} noValidate>
        <div className="field">
          <label htmlFor="pw-current">{t(LABELS.current)}</label>
          <input
            id="pw-current"
            type="password"
            className="input"
            autoComplete="current-password"
            required
            {...form.register('current')}
            data-testid="password-current"
          />
        </div>
        <div className="field">
          <label htmlFor="pw-new">{t(LABELS.next)}</label>
          <input
            id="pw-new"
            type="password"
            className="input"
            autoComplete="new-password"
            required
            {...form.register('next')}
            aria-describedby="pw-rules"
            data-testid="password-new"
          />
          <ul id="pw-rules" className="st-rules" aria-label={t('settings.password.criteria')}>
            {PASSWORD_RULES.map((rule) => {
              const ok = rule.test(next);
              return (
                <li key={rule.id} className={ok ? 'st-rule st-rule--ok' : 'st-rule'} data-ok={ok}>
                  <span aria-hidden="true">{ok ? '✓' : '•'}</span> {t(ruleText(rule.id))}
                  <span className="visually-hidden">
                    {' '}
                    {t(ok ? 'settings.password.ruleMet' : 'settings.password.ruleNotMet')}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
        <div className="field">
          <label htmlFor="pw-confirm">{t(LABELS.confirm)}</label>
          <input
            id="pw-confirm"
            type="password"
            className="input"
            autoComplete="new-password"
            required
            {...form.register('confirm')}
            aria-invalid={mismatch ? true : undefined}
            aria-describedby={mismatch ? 'pw-mismatch' : undefined}
            data-testid="password-confirm"
          />
          {mismatch && (
            <span className="field-error" id="pw-mismatch" data-testid="password-mismatch">
              {t('settings.password.mismatch')}
            </span>
          )}
        </div>
        <div className="form-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={saving || !current || !next || !confirm}
            data-testid="password-save"
          >
            {saving ? t('settings.saving') : t('settings.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
