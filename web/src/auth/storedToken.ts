/**
 * The session Amplify keeps in this browser, read without loading Amplify (web/src/auth/session.ts, about 36 KB):
 * whether a session is stored at all, and the stored ID token while it can be used as it is. Amplify v6 keeps it in
 * localStorage, under "CognitoIdentityServiceProvider.<clientId>.LastAuthUser" (the user) and
 * "CognitoIdentityServiceProvider.<clientId>.<user>.<idToken|accessToken|refreshToken|clockDrift>"; its
 * fetchAuthSession refreshes both tokens once either is within 5 s of its expiry (with the stored clock drift). A
 * token read here is used only while both have longer than FRESH_FOR_MS to live, so this never hands out one Amplify
 * would refresh; anything else (none stored, near its end, unreadable) goes through Amplify, which refreshes it.
 */
const PREFIX = 'CognitoIdentityServiceProvider.';

/** Whether a localStorage key is where Amplify keeps an ID token. */
export const isIdTokenKey = (key: string) => key.startsWith(PREFIX) && key.endsWith('.idToken');

export function hasStoredIdToken(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && isIdTokenKey(key) && localStorage.getItem(key)) return true;
    }
  } catch {
    // storage disabled: treat as signed out
  }
  return false;
}

/** A stored token is used as it is while it has at least this long to live; closer to its end Amplify refreshes it. */
export const FRESH_FOR_MS = 60_000;

/** The claims of a token (its payload), as the app reads them: never verified here (the API verifies every token). */
export type TokenClaims = Readonly<Record<string, unknown>>;

/** The payload of a JWT, or undefined when it is not one. */
export function claimsOf(token: string): TokenClaims | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' ? (claims as TokenClaims) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The stored ID token and its claims when the session of the user pool's app client `clientId` can be used without
 * a refresh (both tokens valid for FRESH_FOR_MS more), else undefined.
 */
export function freshStoredIdToken(
  clientId: string,
  now = Date.now(),
): { token: string; claims: TokenClaims } | undefined {
  try {
    const user = localStorage.getItem(`${PREFIX}${clientId}.LastAuthUser`);
    if (!user) return undefined;
    const key = (name: string) => `${PREFIX}${clientId}.${user}.${name}`;
    const idToken = localStorage.getItem(key('idToken'));
    const accessToken = localStorage.getItem(key('accessToken'));
    if (!idToken || !accessToken) return undefined;
    const clockDrift = Number.parseInt(localStorage.getItem(key('clockDrift')) ?? '0', 10) || 0;
    const claims = claimsOf(idToken);
    const access = claimsOf(accessToken);
    if (!claims || !access) return undefined;
    const lasts = (c: TokenClaims) => typeof c.exp === 'number' && now + clockDrift + FRESH_FOR_MS <= c.exp * 1000;
    return lasts(claims) && lasts(access) ? { token: idToken, claims } : undefined;
  } catch {
    // storage disabled or a token that is not a JWT: Amplify decides
    return undefined;
  }
}
