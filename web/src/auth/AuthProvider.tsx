/**
 * Who is signed in, for the whole app: {status, role, sub, email, account, refresh, signOut, reloadAccount}.
 * - role comes from the ID token's `nickname` claim (client | business; null if neither).
 * - account is the user's API record (its _id is the id in profile/settings routes), created on first login.
 * The session is read from the tokens stored in the browser while they are valid (currentSession.ts); Amplify is
 * downloaded only to refresh them, to sign in or to sign out, so neither signed-out visitors nor a signed-in visit
 * with valid tokens pay for it.
 * The language: a profile created at sign-up takes the language the visitor reads the site in; on sign-in
 * the account's saved language is applied when this browser has no stored choice; a choice made while
 * signed in is saved on the account.
 * Signing out (here, in another tab, or a session the server refuses even after a refresh) clears every
 * cached answer; the route guard then sends the user to /login. An account suspended by moderation
 * (an API answer 403 ACCOUNT_SUSPENDED) is signed out the same way, and `suspended` tells the login
 * screen to say so. An account its owner deleted (403 ACCOUNT_CLOSED) stays signed in as `closing`: the app then
 * shows only the screen that says when it is erased and can keep it.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Role } from '../../../common/constants';
import { ApiError, isAccountClosed, isAccountSuspended, setSessionLostHandler } from '../lib/api';
import { clearCachedAnswers } from '../lib/cachedAnswers';
import { useLanguage } from '../i18n/I18nProvider';
import { readStoredLanguage } from '../i18n/languages';
import { accountLanguage, ensureAccount, saveAccountLanguage, type Account } from './account';
import { loadSessionModule, readSession } from './currentSession';
import { hasStoredIdToken, isIdTokenKey } from './storedToken';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthSnapshot {
  status: AuthStatus;
  role: Role | null;
  /** A member of the moderator group: may open /moderation (RequireModerator). */
  moderator: boolean;
  /** A member of the operator group: may open /operator, the marketplace's figures. */
  operator: boolean;
  sub: string | null;
  email: string | null;
  account: Account | null;
  /** Set when this tab's user logged out (not a session that was never there or expired). */
  loggedOut?: boolean;
  /** Set when the session ended because moderation suspended the account. */
  suspended?: boolean;
  /**
   * Signed in to an account its owner deleted (closed, waiting for its erasure): the app shows only the screen that
   * says the date and keeps it (features/privacy/ClosingAccountPage.tsx).
   */
  closing?: boolean;
}

export interface AuthContextValue extends AuthSnapshot {
  /** Re-reads the session (after login) and loads or creates the account record. */
  refresh: (options?: { emailHint?: string }) => Promise<AuthSnapshot>;
  /** Reloads only the account record (after a profile edit); null when it cannot be loaded. */
  reloadAccount: () => Promise<Account | null>;
  signOut: () => Promise<void>;
}

const signedOut: AuthSnapshot = {
  status: 'signedOut',
  role: null,
  moderator: false,
  operator: false,
  sub: null,
  email: null,
  account: null,
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthSnapshot>(() =>
    hasStoredIdToken() ? { ...signedOut, status: 'loading' } : signedOut,
  );
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);
  const { language, setLanguage, onLanguageChosen } = useLanguage();
  const languageRef = useRef(language);
  useEffect(() => {
    languageRef.current = language;
  }, [language]);

  const refresh = useCallback(
    async (options?: { emailHint?: string }): Promise<AuthSnapshot> => {
      const session = await readSession();
      if (!session) {
        setState(signedOut);
        return signedOut;
      }
      const email = session.email ?? options?.emailHint ?? null;
      let account: Account | null = null;
      if (session.role) {
        // Whether this browser has a choice of its own, read before anything below stores one.
        const browserChose = readStoredLanguage() !== null;
        try {
          account = await ensureAccount(session.role, session.sub, email, languageRef.current);
          const saved = accountLanguage(account);
          if (!browserChose && saved && saved !== languageRef.current) {
            await setLanguage(saved).catch((err: unknown) =>
              console.warn('Could not switch to the account language', err),
            );
          }
        } catch (err) {
          // The API refused the session even after a refresh: signed out after all.
          if (err instanceof ApiError && err.status === 401) {
            setState(signedOut);
            return signedOut;
          }
          // A suspended account: its token still works with the sign-in service, not with the API.
          if (isAccountSuspended(err)) {
            const suspended = { ...signedOut, suspended: true };
            await loadSessionModule()
              .then(({ logOut }) => logOut())
              .catch(() => {
                /* the tokens are refused anyway */
              });
            clearCachedAnswers();
            setState(suspended);
            return suspended;
          }
          // A closed account signed in again: it may keep the account (nothing else answers it).
          if (isAccountClosed(err)) {
            const closing: AuthSnapshot = {
              status: 'signedIn',
              role: session.role,
              moderator: session.moderator,
              operator: session.operator === true,
              sub: session.sub,
              email,
              account: null,
              closing: true,
            };
            clearCachedAnswers();
            setState(closing);
            return closing;
          }
          console.error('Could not load the account record', err);
        }
      }
      const next: AuthSnapshot = {
        status: 'signedIn',
        role: session.role,
        moderator: session.moderator,
        operator: session.operator === true,
        sub: session.sub,
        email,
        account,
      };
      setState(next);
      return next;
    },
    [setLanguage],
  );

  const reloadAccount = useCallback(async (): Promise<Account | null> => {
    const { role, sub, email } = stateRef.current;
    if (!role || !sub) return null;
    try {
      const account = await ensureAccount(role, sub, email, languageRef.current);
      setState((s) => ({ ...s, account }));
      return account;
    } catch (err) {
      console.error('Could not reload the account record', err);
      return null;
    }
  }, []);

  const signOut = useCallback(async () => {
    const { logOut } = await loadSessionModule();
    // This device stops getting the account's pushes while the session can still say so to the API.
    const { forgetPushOnSignOut } = await import('../pwa/push');
    await forgetPushOnSignOut(stateRef.current.sub ?? undefined);
    try {
      await logOut();
    } finally {
      setState({ ...signedOut, loggedOut: true });
      clearCachedAnswers();
    }
  }, []);

  useEffect(() => {
    if (stateRef.current.status === 'loading') void refresh();
  }, [refresh]);

  // A language the signed-in user chooses is kept on the account (for what is sent to them later).
  useEffect(
    () =>
      onLanguageChosen((chosen) => {
        const { status, account } = stateRef.current;
        if (status !== 'signedIn' || !account || accountLanguage(account) === chosen) return;
        saveAccountLanguage(account, chosen).then(
          (saved) => setState((s) => (s.account?.id === saved.id ? { ...s, account: saved } : s)),
          (err: unknown) => console.warn('Could not save the language on the account', err),
        );
      }),
    [onLanguageChosen],
  );

  // The server refused the session even after a refresh: sign out here; the guard remembers the page.
  useEffect(() => {
    setSessionLostHandler((reason) => {
      if (stateRef.current.status !== 'signedIn') return;
      // Closed meanwhile (in another tab): the session stays, for the screen that can keep the account.
      if (reason === 'closed') {
        setState((s) => ({ ...s, account: null, closing: true }));
        clearCachedAnswers();
        return;
      }
      setState(reason === 'suspended' ? { ...signedOut, suspended: true } : signedOut);
      clearCachedAnswers();
      void loadSessionModule()
        .then(({ logOut }) => logOut())
        .catch(() => {
          /* tokens are unusable anyway */
        });
    });
    return () => setSessionLostHandler(undefined);
  }, []);

  // Signed out in another tab: Amplify removed the stored ID token there, so this tab signs out too.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== null && !isIdTokenKey(e.key)) return;
      if (e.newValue !== null && e.key !== null) return;
      if (stateRef.current.status !== 'signedIn' || hasStoredIdToken()) return;
      setState({ ...signedOut, loggedOut: true });
      clearCachedAnswers();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, refresh, reloadAccount, signOut }),
    [state, refresh, reloadAccount, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
