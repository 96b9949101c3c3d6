/**
 * Everything that talks to Amplify Auth (Cognito). Imported lazily: by the login screen, by signing out, and by
 * currentSession.ts when the stored session cannot be used as it is (its tokens need refreshing), so neither
 * signed-out visitors nor a signed-in visit with valid tokens download Amplify. Amplify is configured from the
 * runtime config on first import: email sign-in, sign-up verification by code, the stage's auth flow
 * (SRP in the cloud, USER_PASSWORD_AUTH against the local emulator) and its endpoint when set.
 */
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import type { Role } from '../../../common/constants';
import { getConfig } from '../lib/config';
import { sessionOfClaims, type SessionInfo } from './sessionInfo';

let configured = false;

export function configureAuth(): void {
  if (configured) return;
  const cfg = getConfig();
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: cfg.userPoolId,
        userPoolClientId: cfg.userPoolClientId,
        ...(cfg.userPoolEndpoint ? { userPoolEndpoint: cfg.userPoolEndpoint } : {}),
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
  configured = true;
}
configureAuth();

/** The signed-in user from the current ID token (refreshed by Amplify when expired), or null. */
export async function readSession(forceRefresh = false): Promise<SessionInfo | null> {
  try {
    const session = await fetchAuthSession({ forceRefresh });
    const idToken = session.tokens?.idToken;
    if (!idToken) return null;
    return sessionOfClaims(idToken.payload);
  } catch (err) {
    console.warn('No auth session', err);
    return null;
  }
}

/** The current ID token (Amplify refreshes an expired one; forceRefresh asks for a new one now), or undefined. */
export async function currentIdToken(forceRefresh = false): Promise<string | undefined> {
  const session = await fetchAuthSession({ forceRefresh });
  return session.tokens?.idToken?.toString();
}

export async function logIn(email: string, password: string) {
  const attempt = () => signIn({ username: email, password, options: { authFlowType: getConfig().authFlow } });
  try {
    return await attempt();
  } catch (err) {
    // "There is already a signed in user.": sign the stale session out and try once more.
    if ((err as Error)?.name === 'UserAlreadyAuthenticatedException') {
      await signOut();
      return attempt();
    }
    throw err;
  }
}

export function register(email: string, password: string, role: Role) {
  return signUp({
    username: email,
    password,
    options: { userAttributes: { email, nickname: role } },
  });
}

export const confirmRegistration = (email: string, code: string) =>
  confirmSignUp({ username: email, confirmationCode: code });

export const resendCode = (email: string) => resendSignUpCode({ username: email });

export const sendResetCode = (email: string) => resetPassword({ username: email });

export const confirmNewPassword = (email: string, code: string, newPassword: string) =>
  confirmResetPassword({ username: email, confirmationCode: code, newPassword });

export async function logOut(): Promise<void> {
  try {
    await signOut();
  } catch (err) {
    console.error('Sign-out failed', err);
    throw err;
  }
}
