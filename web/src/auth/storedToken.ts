/**
 * Cheap check, without loading Amplify, whether an ID token is stored in this browser. Amplify keeps it
 * in localStorage under "CognitoIdentityServiceProvider.<clientId>.<user>.idToken".
 */
/** Whether a localStorage key is where Amplify keeps an ID token. */
export const isIdTokenKey = (key: string) =>
  key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.idToken');

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
