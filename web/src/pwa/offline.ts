/**
 * What the service worker (web/src/sw.ts) and the app share about answers kept for offline use: the
 * signed-in user's GET answers are kept per account, in a cache named after the account (the `sub` of
 * the bearer token), served only when the network fails, marked with when they were fetched, and deleted
 * at sign-out (web/src/lib/cachedAnswers.ts). And the message by which the page hands the worker the files it
 * fetched before the worker controlled it, so that what was seen also opens offline.
 */

/** The page's message to the service worker: `{ type: KEEP_ASSETS_MESSAGE, urls }`, the build files it fetched. */
export const KEEP_ASSETS_MESSAGE = 'KEEP_ASSETS';

/** Cache names of kept answers: this prefix and the account's sub. */
export const ANSWER_CACHE_PREFIX = 'api-answers-';

/** The header a kept answer carries when the service worker serves it: when it was fetched (ISO time). */
export const CACHED_AT_HEADER = 'x-cached-at';

/** The account (Cognito sub) a bearer ID token names; undefined for anything else. Not a check of the token. */
export function accountOfBearer(authorization: string | null): string | undefined {
  const token = /^Bearer ([\w-]+)\.([\w-]+)\.[\w-]+$/.exec(authorization ?? '');
  if (!token) return undefined;
  try {
    const json = atob(token[2].replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && /^[\w-]{1,128}$/.test(sub) ? sub : undefined;
  } catch {
    return undefined;
  }
}

/** Deletes every kept answer of every account (sign-out, a lost session). */
export async function deleteKeptAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(ANSWER_CACHE_PREFIX)).map((n) => caches.delete(n)));
}

type Listener = (cachedAt: string | undefined) => void;
const listeners = new Set<Listener>();
let shownAt: string | undefined;

/** The API client reports each answer: kept (with when it was fetched) or fresh from the network. */
export function reportAnswer(cachedAt: string | undefined): void {
  if (cachedAt === shownAt) return;
  shownAt = cachedAt;
  listeners.forEach((l) => l(cachedAt));
}

/** Called with the time of the kept answers shown (undefined when answers are fresh again). */
export function onKeptAnswers(listener: Listener): () => void {
  listeners.add(listener);
  listener(shownAt);
  return () => {
    listeners.delete(listener);
  };
}
