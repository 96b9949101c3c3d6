/**
 * Change password: current, new and confirmation, with the password rules checked live
 * (PASSWORD_RULES, the same rules as the user pool).
 */
import { useState, type FormEvent } from 'react';
import { updatePassword } from 'aws-amplify/auth';
import { configureAuth } from '../../auth/session';
import { getConfig } from '../../lib/config';
import { PASSWORD_RULES } from '../../../../common/constants';

export function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [saving, setSaving] = useState(false);

  const allRulesMet = PASSWORD_RULES.every((r) => r.test(next));
  const mismatch = confirm.length > 0 && confirm !== next;

  async function save(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setDone(false);
    if (confirm !== next) {
      setError('The new password is not confirmed correctly.');
      return;
    }
    if (!allRulesMet) {
      setError('The new password does not meet all the criteria.');
      return;
    }
    setSaving(true);
    try {
      configureAuth();
      await updatePassword({ oldPassword: current, newPassword: next });
      setDone(true);
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (err) {
      const name = (err as { name?: string })?.name;
      // The local user-pool emulator reports a wrong current password as InvalidPasswordException.
      const wrongPassword =
        name === 'NotAuthorizedException' || (name === 'InvalidPasswordException' && !!getConfig().userPoolEndpoint);
      setError(wrongPassword ? 'Wrong current password.' : 'An error occurred. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="st-panel">
      <h2>Change Password</h2>
      {done && (
        <div className="banner banner-success" role="status" data-testid="password-changed">
          Your password has been changed.
        </div>
      )}
      {error && (
        <div className="banner banner-error" role="alert" data-testid="password-error">
          {error}
        </div>
      )}
      <form onSubmit={save} className="st-form" aria-label="Change password">
        <div className="field">
          <label htmlFor="pw-current">Current password</label>
          <input
            id="pw-current"
            type="password"
            className="input"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            data-testid="password-current"
          />
        </div>
        <div className="field">
          <label htmlFor="pw-new">New password</label>
          <input
            id="pw-new"
            type="password"
            className="input"
            autoComplete="new-password"
            required
            value={next}
            onChange={(e) => setNext(e.target.value)}
            aria-describedby="pw-rules"
            data-testid="password-new"
          />
          <ul id="pw-rules" className="st-rules" aria-label="Password criteria">
            {PASSWORD_RULES.map((rule) => {
              const ok = rule.test(next);
              return (
                <li key={rule.id} className={ok ? 'st-rule st-rule--ok' : 'st-rule'} data-ok={ok}>
                  <span aria-hidden="true">{ok ? '✓' : '•'}</span> {rule.label}
                  <span className="visually-hidden">{ok ? ' (met)' : ' (not met)'}</span>
                </li>
              );
            })}
          </ul>
        </div>
        <div className="field">
          <label htmlFor="pw-confirm">Confirm new password</label>
          <input
            id="pw-confirm"
            type="password"
            className="input"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            data-testid="password-confirm"
          />
          {mismatch && (
            <span className="field-error" data-testid="password-mismatch">
              Passwords do not match.
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
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </div>
  );
}
