/** Rules of Web Push subscriptions: one per device of a signed-in user. */

/**
 * An http:// endpoint is accepted only from the local push endpoint (PUSH_LOCAL_ORIGIN, set by `npm start`
 * and the tests); in the cloud every endpoint is https.
 */
export function endpointAllowed(endpoint: string): boolean {
  try {
    const u = new URL(endpoint);
    if (u.protocol === 'https:') return true;
    const local = process.env.PUSH_LOCAL_ORIGIN;
    return u.protocol === 'http:' && Boolean(local) && u.origin === local;
  } catch {
    return false;
  }
}
