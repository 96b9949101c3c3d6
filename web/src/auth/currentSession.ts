/**
 * The signed-in user and the ID token the API is called with. While the session stored in this browser can be used
 * as it is (storedToken.ts: both tokens valid for a minute more), both come from it, without Amplify; otherwise (no
 * stored session, a token near its end, a refresh asked for after the API refused one) from Amplify
 * (session.ts, downloaded then), which refreshes the tokens with the refresh token and stores them again. So a
 * signed-in visit downloads Amplify only when its tokens need refreshing, or to sign in or out.
 */
import { getConfig } from '../lib/config';
import { sessionOfClaims, type SessionInfo } from './sessionInfo';
import { freshStoredIdToken } from './storedToken';

/**
 * The sign-in library (Amplify), for what the stored session cannot answer. Callers at the same moment share one
 * import: a browser would anyway, and Vitest 4's module runner hands a component test's mock of the module only to
 * the first of overlapping imports, the others getting the real Amplify (a known bug of it).
 */
let loading: Promise<typeof import('./session')> | undefined;
export const loadSessionModule = () => {
  loading ??= import('./session').finally(() => {
    loading = undefined;
  });
  return loading;
};

const storedIdToken = () => freshStoredIdToken(getConfig().userPoolClientId);

/** The signed-in user from the current ID token (refreshed when near its end, or now with forceRefresh), or null. */
export async function readSession(forceRefresh = false): Promise<SessionInfo | null> {
  const stored = forceRefresh ? undefined : storedIdToken();
  if (stored) return sessionOfClaims(stored.claims);
  return (await loadSessionModule()).readSession(forceRefresh);
}

/** The current ID token (refreshed when near its end, or now with forceRefresh), or undefined. */
export async function currentIdToken(forceRefresh = false): Promise<string | undefined> {
  const stored = forceRefresh ? undefined : storedIdToken();
  if (stored) return stored.token;
  return (await loadSessionModule()).currentIdToken(forceRefresh);
}
