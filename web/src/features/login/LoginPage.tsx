/**
 * /login: one screen, four modes — Log in, Create an account (client or business), Confirmation Code,
 * Reset Password (send code, then code + new password). Each form checks its fields with the shared
 * sign-in schemas (common/schemas/auth.ts: the password rule of the user pool) and shows each refusal
 * beside its field; what the sign-in service refuses shows in the 'Error' modal, in the chosen language.
 * Each mode's form is a file of its own (LogInForm, RegisterForm, ConfirmForm, ResetForms); this page holds the
 * mode and talks to the sign-in service.
 *
 * After a successful login the role is read from the ID token; the account record is loaded (and
 * created on the first login from the details saved at sign-up); after 100 ms the user goes back to the
 * guarded page they came from, or to their dashboard.
 */
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { savePendingRegistration } from '../../auth/account';
import { dashboardPath } from '../../auth/roles';
import type { LoginRedirectState } from '../../auth/RequireRole';
import { ErrorModal } from '../../components/ErrorModal';
import { BrandMark } from '../../components/icons';
import type { MessageId } from '../../i18n/catalog/en';
import { isUserDisabled, useErrorText, type PasswordCheck } from '../../i18n/errors';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { BRAND } from '../../../../common/brand';
import { onFirstInteraction } from '../../lib/firstInteraction';
import { ConfirmForm } from './ConfirmForm';
import { LogInForm } from './LogInForm';
import { RegisterForm, type PlaceOnField, type RegisterValues } from './RegisterForm';
import { ResetPasswordForm, ResetRequestForm } from './ResetForms';

type Mode = 'login' | 'register' | 'confirm' | 'reset';

const REDIRECT_DELAY_MS = 100;
const loadSession = () => import('../../auth/session');

/** A refusal of this screen itself (not of the sign-in service), worded by its message. */
class LoginProblem extends Error {
  constructor(readonly id: MessageId) {
    super(id);
  }
}

/** The sign-in service's refusals of a registration that are about one field. */
const REGISTER_REFUSAL_FIELDS: Partial<Record<string, 'email' | 'password'>> = {
  UsernameExistsException: 'email',
  InvalidPasswordException: 'password',
};

export default function LoginPage() {
  const t = useT();
  const errorText = useErrorText();
  usePageTitle('auth.pageTitle');
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as LoginRedirectState | null)?.from;

  const [mode, setMode] = useState<Mode>('login');
  const [errors, setErrors] = useState<string[]>([]);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [loggingIn, setLoggingIn] = useState(false);
  // The address typed last, carried from one mode to the next.
  const [email, setEmail] = useState('');
  const [resetStep, setResetStep] = useState<1 | 2>(1);
  // The sign-in service refused a disabled (suspended) user here; the session also says so when the API did.
  const [disabledHere, setDisabledHere] = useState(false);
  const suspended = disabledHere || !!auth.suspended;

  // Amplify is fetched once the visitor acts (types, taps), not by a visitor who only looks.
  useEffect(() => onFirstInteraction(() => void loadSession()), []);

  const switchMode = (next: Mode) => {
    setMode(next);
    setInfo(null);
    if (next === 'reset') setResetStep(1);
  };

  /**
   * Runs a call to the sign-in service; a refusal shows beside its field when `place` takes it, else in the
   * modal (`during: 'signIn'` for the call that checks the account's password).
   */
  const run = async (action: () => Promise<void>, place?: (err: unknown) => boolean, during?: PasswordCheck) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      if (place?.(err)) return;
      if (isUserDisabled(err)) return setDisabledHere(true);
      setErrors([err instanceof LoginProblem ? t(err.id) : errorText(err, during)]);
    } finally {
      setBusy(false);
    }
  };

  // A signed-in visitor has nothing to do here (but not while this screen is logging in).
  if (auth.status === 'signedIn' && !loggingIn && auth.role) {
    return <Navigate to={from ?? dashboardPath(auth.role)} replace />;
  }

  const onLogin = (values: { email: string; password: string }) =>
    run(
      async () => {
        setEmail(values.email);
        const session = await loadSession();
        setLoggingIn(true);
        try {
          const { nextStep } = await session.logIn(values.email, values.password);
          switch (nextStep.signInStep) {
            case 'DONE':
              break;
            case 'CONFIRM_SIGN_UP':
              setInfo(t('auth.info.confirmFirst'));
              setMode('confirm');
              return;
            case 'RESET_PASSWORD':
              setInfo(t('auth.info.mustReset'));
              setMode('reset');
              setResetStep(1);
              return;
            default:
              throw new LoginProblem('auth.error.unsupportedStep');
          }
          setDisabledHere(false);
          const signedIn = await auth.refresh({ emailHint: values.email });
          // A suspended account: the notice above the form says so.
          if (signedIn.suspended) return;
          if (signedIn.status !== 'signedIn') throw new LoginProblem('auth.error.noSession');
          if (!signedIn.role) {
            await auth.signOut();
            throw new LoginProblem('auth.error.noRole');
          }
          const target = from ?? dashboardPath(signedIn.role);
          await new Promise((resolve) => setTimeout(resolve, REDIRECT_DELAY_MS));
          navigate(target, { replace: true });
        } finally {
          setLoggingIn(false);
        }
      },
      undefined,
      'signIn',
    );

  const onRegister = (values: RegisterValues, place: PlaceOnField) =>
    run(
      async () => {
        setEmail(values.email);
        const session = await loadSession();
        savePendingRegistration(
          values.email,
          values.accountType === 'business'
            ? { role: 'business', businessName: values.businessName, location: values.location }
            : { role: 'client', username: `${values.firstName} ${values.lastName}` },
        );
        const { nextStep } = await session.register(values.email, values.password, values.accountType);
        if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
          setInfo(t('auth.info.codeSent', { email: values.email }));
          setMode('confirm');
        } else {
          setInfo(t('auth.info.ready'));
          setMode('login');
        }
      },
      (err) => {
        const field = err instanceof Error ? REGISTER_REFUSAL_FIELDS[err.name] : undefined;
        if (field) place(field, errorText(err));
        return !!field;
      },
    );

  const onConfirm = (values: { email: string; code: string }) =>
    run(async () => {
      setEmail(values.email);
      const session = await loadSession();
      await session.confirmRegistration(values.email, values.code);
      setMode('login');
      setInfo(t('auth.info.confirmed'));
    });

  const onResend = (address: string) =>
    void run(async () => {
      if (!address) throw new LoginProblem('errors.field.INVALID_EMAIL');
      const session = await loadSession();
      await session.resendCode(address);
      setInfo(t('auth.info.newCode', { email: address }));
    });

  const onSendResetCode = (values: { email: string }) =>
    run(async () => {
      setEmail(values.email);
      const session = await loadSession();
      await session.sendResetCode(values.email);
      setResetStep(2);
      setInfo(t('auth.info.resetSent', { email: values.email }));
    });

  const onResetPassword = (values: { email: string; code: string; newPassword: string }) =>
    run(async () => {
      const session = await loadSession();
      await session.confirmNewPassword(values.email, values.code, values.newPassword);
      setMode('login');
      setInfo(t('auth.info.passwordReset'));
    });

  const titles: Record<Mode, [MessageId, MessageId]> = {
    login: ['auth.login.title', 'auth.login.subtitle'],
    register: ['auth.register.title', 'auth.register.subtitle'],
    confirm: ['auth.confirm.title', 'auth.confirm.subtitle'],
    reset: ['auth.reset.title', resetStep === 1 ? 'auth.reset.subtitleSend' : 'auth.reset.subtitleNew'],
  };

  return (
    <div className="auth-page">
      <aside className="auth-aside">
        {/* The landing is a public page rendered on the server: a full page load. */}
        <a href="/" className="brand">
          <BrandMark /> {BRAND.name}
        </a>
        <div>
          <h2>{t('common.brand.slogan')}</h2>
          <p>{t('common.brand.tagline')}</p>
        </div>
        <p className="small" style={{ opacity: 0.8 }}>
          {t('auth.aside')}
        </p>
      </aside>

      <div className="auth-panel">
        <div className="auth-card" data-testid={`login-mode-${mode}`}>
          <div className="auth-card-top">
            <a href="/" className="brand auth-mobile-brand">
              <BrandMark /> {BRAND.name}
            </a>
            <LanguageSwitch className="auth-language" />
          </div>
          <h1>{t(titles[mode][0])}</h1>
          <p className="subtitle">{t(titles[mode][1])}</p>
          {suspended && mode === 'login' && (
            <div className="banner banner-error" role="alert" data-testid="login-suspended">
              {t('errors.ACCOUNT_SUSPENDED')}
            </div>
          )}
          {info && (
            <div className="banner banner-info" role="status">
              {info}
            </div>
          )}

          {mode === 'login' && <LogInForm email={email} onSubmit={onLogin} onForgot={() => switchMode('reset')} />}
          {mode === 'register' && <RegisterForm email={email} onSubmit={onRegister} />}
          {mode === 'confirm' && <ConfirmForm email={email} busy={busy} onSubmit={onConfirm} onResend={onResend} />}
          {mode === 'reset' &&
            (resetStep === 1 ? (
              <ResetRequestForm email={email} onSubmit={onSendResetCode} onBack={() => switchMode('login')} />
            ) : (
              <ResetPasswordForm email={email} onSubmit={onResetPassword} onBack={() => switchMode('login')} />
            ))}

          {(mode === 'login' || mode === 'register') && (
            <p className="auth-switch">
              {t(mode === 'login' ? 'auth.noAccount' : 'auth.haveAccount')}{' '}
              <button
                type="button"
                className="btn-link"
                onClick={() => switchMode(mode === 'login' ? 'register' : 'login')}
              >
                {t(mode === 'login' ? 'auth.registerHere' : 'auth.loginHere')}
              </button>
            </p>
          )}
          {mode === 'confirm' && (
            <p className="auth-switch">
              {t('auth.alreadyConfirmed')}{' '}
              <button type="button" className="btn-link" onClick={() => switchMode('login')}>
                {t('auth.loginHere')}
              </button>
            </p>
          )}
        </div>
      </div>
      <ErrorModal messages={errors} onClose={() => setErrors([])} />
    </div>
  );
}
