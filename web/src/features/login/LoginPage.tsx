/**
 * /login: one screen, four modes — Log in, Create an account (client or business), Confirmation Code,
 * Reset Password (send code, then code + new password). Errors show in the 'Error' modal.
 *
 * After a successful login the role is read from the ID token; the account record is loaded (and
 * created on the first login from the details saved at sign-up); after 100 ms the user goes back to the
 * guarded page they came from, or to their dashboard.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PASSWORD_RULES, type Role } from '../../../../common/constants';
import { useAuth } from '../../auth/AuthProvider';
import { savePendingRegistration } from '../../auth/account';
import { dashboardPath } from '../../auth/roles';
import type { LoginRedirectState } from '../../auth/RequireRole';
import { ErrorModal, errorMessage } from '../../components/ErrorModal';
import { BrandMark, EyeIcon, EyeOffIcon } from '../../components/icons';
import { BRAND } from '../../lib/brand';
import { TownSelect } from '../../components/TownSelect';

type Mode = 'login' | 'register' | 'confirm' | 'reset';

const REDIRECT_DELAY_MS = 100;
const loadSession = () => import('../../auth/session');

function PasswordInput({
  id,
  label,
  value,
  onChange,
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="input-group">
        <input
          id={id}
          name={id}
          className="input"
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="icon-btn input-addon"
          style={{ width: 34, height: 34, border: 'none' }}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </div>
  );
}

function TextInput({
  id,
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  type?: string;
  autoComplete?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        className="input"
        type={type}
        value={value}
        autoComplete={autoComplete}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

export default function LoginPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as LoginRedirectState | null)?.from;

  const [mode, setMode] = useState<Mode>('login');
  const [errors, setErrors] = useState<string[]>([]);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [loggingIn, setLoggingIn] = useState(false);

  // Shared and per-mode fields
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [accountType, setAccountType] = useState<Role>('client');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [businessName, setBusinessName] = useState('');
  const [townOfBusiness, setTownOfBusiness] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [code, setCode] = useState('');
  const [resetStep, setResetStep] = useState<1 | 2>(1);
  const [resetCode, setResetCode] = useState('');
  const [newPassword, setNewPassword] = useState('');

  useEffect(() => {
    void loadSession();
  }, []); // warm up Amplify while the user types

  const switchMode = (next: Mode) => {
    setMode(next);
    setInfo(null);
    setPassword('');
    setConfirmPassword('');
    if (next === 'reset') {
      setResetStep(1);
      setResetCode('');
      setNewPassword('');
    }
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      setErrors([errorMessage(err, 'Authentication Error')]);
    } finally {
      setBusy(false);
    }
  };

  // A signed-in visitor has nothing to do here (but not while this screen is logging in).
  if (auth.status === 'signedIn' && !loggingIn && auth.role) {
    return <Navigate to={from ?? dashboardPath(auth.role)} replace />;
  }

  const trimmedEmail = email.trim();

  const onLogin = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const session = await loadSession();
      setLoggingIn(true);
      try {
        const { nextStep } = await session.logIn(trimmedEmail, password);
        switch (nextStep.signInStep) {
          case 'DONE':
            break;
          case 'CONFIRM_SIGN_UP':
            setInfo('Please confirm your account with the code we sent to your email.');
            setMode('confirm');
            return;
          case 'RESET_PASSWORD':
            setInfo('You need to reset your password. Request a reset code below.');
            setMode('reset');
            setResetStep(1);
            return;
          default:
            throw new Error(`This sign-in step is not supported: ${nextStep.signInStep}`);
        }
        const signedIn = await auth.refresh({ emailHint: trimmedEmail });
        if (signedIn.status !== 'signedIn') throw new Error('Unable to get user session following successful sign-in.');
        if (!signedIn.role) {
          await auth.signOut();
          throw new Error('Invalid account type: the account must be a client or a business.');
        }
        const target = from ?? dashboardPath(signedIn.role);
        await new Promise((resolve) => setTimeout(resolve, REDIRECT_DELAY_MS));
        navigate(target, { replace: true });
      } finally {
        setLoggingIn(false);
      }
    });
  };

  const onRegister = (e: FormEvent) => {
    e.preventDefault();
    const problems: string[] = [];
    if (password !== confirmPassword) problems.push('Passwords do not match');
    for (const rule of PASSWORD_RULES) {
      if (!rule.test(password)) problems.push(`Password requirement not met: ${rule.label}`);
    }
    if (problems.length) {
      setErrors(problems);
      return;
    }
    void run(async () => {
      const session = await loadSession();
      savePendingRegistration(
        trimmedEmail,
        accountType === 'business'
          ? { role: 'business', businessName: businessName.trim(), location: townOfBusiness }
          : { role: 'client', username: `${firstName.trim()} ${lastName.trim()}` },
      );
      const { nextStep } = await session.register(trimmedEmail, password, accountType);
      setPassword('');
      setConfirmPassword('');
      if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
        setInfo(`We sent a confirmation code to ${trimmedEmail}.`);
        setMode('confirm');
      } else {
        setInfo('Your account is ready. Please log in.');
        setMode('login');
      }
    });
  };

  const onConfirm = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const session = await loadSession();
      await session.confirmRegistration(trimmedEmail, code.trim());
      setCode('');
      setMode('login');
      setInfo('Your account is confirmed. Please log in.');
    });
  };

  const onResend = () => {
    void run(async () => {
      const session = await loadSession();
      await session.resendCode(trimmedEmail);
      setInfo(`A new code was sent to ${trimmedEmail}.`);
    });
  };

  const onSendResetCode = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const session = await loadSession();
      await session.sendResetCode(trimmedEmail);
      setResetStep(2);
      setInfo(`We sent a reset code to ${trimmedEmail}.`);
    });
  };

  const onResetPassword = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const session = await loadSession();
      await session.confirmNewPassword(trimmedEmail, resetCode.trim(), newPassword);
      setResetCode('');
      setNewPassword('');
      setMode('login');
      setInfo('Your password was reset. Please log in.');
    });
  };

  const registerReady =
    !!trimmedEmail &&
    !!password &&
    !!confirmPassword &&
    (accountType === 'client' ? !!firstName.trim() && !!lastName.trim() : !!businessName.trim() && !!townOfBusiness);

  const titles: Record<Mode, [string, string]> = {
    login: ['Log in', 'Welcome back. Log in to continue.'],
    register: ['Create an account', 'Join as a client to post projects, or as a business to send offers.'],
    confirm: ['Confirmation Code', 'Enter the code we sent to your email to finish signing up.'],
    reset: [
      'Reset Password',
      resetStep === 1 ? 'We will email you a code to reset your password.' : 'Enter the code and your new password.',
    ],
  };

  return (
    <div className="auth-page">
      <aside className="auth-aside">
        <Link to="/" className="brand">
          <BrandMark /> {BRAND.name}
        </Link>
        <div>
          <h2>{BRAND.slogan}</h2>
          <p>{BRAND.tagline}</p>
        </div>
        <p className="small" style={{ opacity: 0.8 }}>
          The first online platform dedicated to interior design in Albania.
        </p>
      </aside>

      <div className="auth-panel">
        <div className="auth-card" data-testid={`login-mode-${mode}`}>
          <Link to="/" className="brand auth-mobile-brand">
            <BrandMark /> {BRAND.name}
          </Link>
          <h1>{titles[mode][0]}</h1>
          <p className="subtitle">{titles[mode][1]}</p>
          {info && (
            <div className="banner banner-info" role="status">
              {info}
            </div>
          )}

          {mode === 'login' && (
            <form onSubmit={onLogin} noValidate>
              <TextInput
                id="email"
                label="Email"
                type="email"
                autoComplete="username"
                value={email}
                onChange={setEmail}
              />
              <PasswordInput
                id="password"
                label="Password"
                autoComplete="current-password"
                value={password}
                onChange={setPassword}
              />
              <div className="auth-links">
                <span />
                <button type="button" className="btn-link" onClick={() => switchMode('reset')}>
                  Forgot password?
                </button>
              </div>
              <button
                type="submit"
                className="btn btn-primary btn-block btn-lg"
                disabled={busy || !trimmedEmail || !password}
              >
                {busy ? 'Please wait...' : 'Continue'}
              </button>
            </form>
          )}

          {mode === 'register' && (
            <form onSubmit={onRegister} noValidate>
              <div className="segmented" role="group" aria-label="Account type">
                <button type="button" aria-pressed={accountType === 'client'} onClick={() => setAccountType('client')}>
                  Client
                </button>
                <button
                  type="button"
                  aria-pressed={accountType === 'business'}
                  onClick={() => setAccountType('business')}
                >
                  Business
                </button>
              </div>
              {accountType === 'client' ? (
                <div className="form-row">
                  <TextInput
                    id="firstName"
                    label="First Name"
                    autoComplete="given-name"
                    value={firstName}
                    onChange={setFirstName}
                  />
                  <TextInput
                    id="lastName"
                    label="Last Name"
                    autoComplete="family-name"
                    value={lastName}
                    onChange={setLastName}
                  />
                </div>
              ) : (
                <>
                  <TextInput
                    id="businessName"
                    label="Business Name"
                    autoComplete="organization"
                    value={businessName}
                    onChange={setBusinessName}
                  />
                  <div className="field">
                    <label htmlFor="location">Location</label>
                    <TownSelect id="location" name="location" value={townOfBusiness} onChange={setTownOfBusiness} />
                  </div>
                </>
              )}
              <TextInput id="email" label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
              <PasswordInput
                id="password"
                label="Password"
                autoComplete="new-password"
                value={password}
                onChange={setPassword}
              />
              <PasswordInput
                id="confirmPassword"
                label="Confirm Password"
                autoComplete="new-password"
                value={confirmPassword}
                onChange={setConfirmPassword}
              />
              <p className="field-hint" style={{ marginTop: -8 }}>
                At least 8 characters with an uppercase letter, a lowercase letter, a number and one of . , ! @ # $ % ^
                &amp; *
              </p>
              <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy || !registerReady}>
                {busy ? 'Please wait...' : 'Continue'}
              </button>
            </form>
          )}

          {mode === 'confirm' && (
            <form onSubmit={onConfirm} noValidate>
              {!trimmedEmail && <TextInput id="email" label="Email" type="email" value={email} onChange={setEmail} />}
              <TextInput
                id="code"
                label="Confirmation Code"
                autoComplete="one-time-code"
                value={code}
                onChange={setCode}
              />
              <button
                type="submit"
                className="btn btn-primary btn-block btn-lg"
                disabled={busy || !code.trim() || !trimmedEmail}
              >
                Confirm Signup
              </button>
              <div className="auth-secondary-actions">
                <button type="button" className="btn btn-ghost" disabled={busy || !trimmedEmail} onClick={onResend}>
                  Resend Code
                </button>
              </div>
            </form>
          )}

          {mode === 'reset' &&
            (resetStep === 1 ? (
              <form onSubmit={onSendResetCode} noValidate>
                <TextInput
                  id="email"
                  label="Email"
                  type="email"
                  autoComplete="username"
                  value={email}
                  onChange={setEmail}
                />
                <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy || !trimmedEmail}>
                  Send Reset Code
                </button>
                <div className="auth-secondary-actions">
                  <button type="button" className="btn btn-ghost" onClick={() => switchMode('login')}>
                    Back to Login
                  </button>
                </div>
              </form>
            ) : (
              <form onSubmit={onResetPassword} noValidate>
                <TextInput
                  id="resetCode"
                  label="Reset Code"
                  autoComplete="one-time-code"
                  value={resetCode}
                  onChange={setResetCode}
                />
                <PasswordInput
                  id="newPassword"
                  label="New Password"
                  autoComplete="new-password"
                  value={newPassword}
                  onChange={setNewPassword}
                />
                <button
                  type="submit"
                  className="btn btn-primary btn-block btn-lg"
                  disabled={busy || !resetCode.trim() || !newPassword}
                >
                  Reset Password
                </button>
                <div className="auth-secondary-actions">
                  <button type="button" className="btn btn-ghost" onClick={() => switchMode('login')}>
                    Back to Login
                  </button>
                </div>
              </form>
            ))}

          {(mode === 'login' || mode === 'register') && (
            <p className="auth-switch">
              {mode === 'login' ? "Don't have an account? " : 'Already have an account? '}
              <button
                type="button"
                className="btn-link"
                onClick={() => switchMode(mode === 'login' ? 'register' : 'login')}
              >
                {mode === 'login' ? 'Register here' : 'Login here'}
              </button>
            </p>
          )}
          {mode === 'confirm' && (
            <p className="auth-switch">
              Already confirmed?{' '}
              <button type="button" className="btn-link" onClick={() => switchMode('login')}>
                Login here
              </button>
            </p>
          )}
        </div>
      </div>
      <ErrorModal messages={errors} onClose={() => setErrors([])} />
    </div>
  );
}
