/**
 * The allow-list of the browser tests' console and network watch (./pageWatch.ts): the errors a test
 * provokes on purpose, with bad input or a fault it injects, and nothing else. Ordinary use must stay
 * clean: an expected state (a new account, a picture being processed) answers 200, never a 4xx.
 * Each entry names the tests it covers (`file > describe > test`) and the problem lines it excuses
 * (`console.error: ... (at url)`, `uncaught: ...`, `<status> <METHOD> <url>`, `<net error> <METHOD> <url>`).
 */
export interface ExpectedFault {
  /** Why the test provokes it. */
  reason: string;
  /** The tests it covers. */
  test: RegExp;
  /** The problem lines it excuses. */
  problem: RegExp;
}

/** The answer and its console line for a call to the user pool (cognito-local, at the root path of its port). */
const userPool = (status: number) =>
  new RegExp(`^${status} POST https?://[^/]+/$|status of ${status} \\([^)]*\\) \\(at https?://[^/]+/\\)$`);

/**
 * An API answer `status` to `method` on a path matching `path` (a regular expression's source, `{id}` for one
 * path segment), and the console line the browser logs for it.
 */
const api = (status: number, method: string, path: string) => {
  const p = path.replace(/\{id\}/g, '[^/?)\\s]+');
  return new RegExp(
    `^${status} ${method} https?://[^/]+${p}(\\?\\S*)?$|status of ${status} \\([^)]*\\) \\(at https?://[^/]+${p}(\\?[^)]*)?\\)$`,
  );
};

export const EXPECTED_FAULTS: readonly ExpectedFault[] = [
  {
    reason:
      "signs in to an account it deleted on purpose: the app reads the account, the API answers 403 ACCOUNT_CLOSED, and the closed account's screen shows",
    test: /^privacy\.test\.ts > .*signing in again/,
    problem: api(403, 'GET', '/account'),
  },
  {
    reason: "pays with the declined test card on purpose: the local checkout page answers 402 with the bank's refusal",
    test: /^ads-plans\.test\.ts > .*declined, then paid/,
    problem: api(402, 'POST', '/checkout/{id}/pay'),
  },
  {
    reason: 'opens the public profile of a business that does not exist on purpose: the real 404 page',
    test: /^public-pages\.test\.ts > /,
    problem: api(404, 'GET', '/en/business/nobody-here'),
  },
  {
    reason: 'signs in with a wrong password or an unknown address on purpose: the user pool refuses it (400)',
    test: /^(session\.test\.ts > .*wrong password|profile-settings\.test\.ts > .*changes the password)/,
    problem: userPool(400),
  },
  {
    reason: 'spoils the stored ID token on purpose: the API refuses it (401) before the session refreshes it',
    test: /^session\.test\.ts > .*(a refused token|refuses even after a refresh)/,
    problem: /^401 [A-Z]+ |status of 401 /,
  },
  {
    reason: 'spoils the stored refresh token on purpose: the user pool refuses the refresh (400)',
    test: /^session\.test\.ts > .*refuses even after a refresh/,
    problem: userPool(400),
  },
  {
    reason: 'a moderator hid the business on purpose: its profile and finished jobs answer others 404',
    test: /^moderation\.test\.ts > .*no longer finds the business/,
    problem: api(404, 'GET', '/(business|getBusinessFinishedJobs)/{id}'),
  },
  {
    reason:
      'a moderator suspended the account on purpose: the API refuses its token (403), the user pool its sign-in (400)',
    test: /^moderation\.test\.ts > .*suspended account/,
    problem: new RegExp(`^403 [A-Z]+ |status of 403 |${userPool(400).source}`),
  },
  {
    reason: 'a signed-in user who is no member of the chat room writes in it on purpose: 404',
    test: /^chat-private\.test\.ts > .*third signed-in user/,
    problem: api(404, 'POST', '/chat/rooms/{id}/messages'),
  },
  {
    reason: 'the business writes to a client who blocked it, on purpose: 403, which the chat screen logs and shows',
    test: /^chat-private\.test\.ts > .*blocks the business/,
    problem: new RegExp(
      `${api(403, 'POST', '/chat/rooms/{id}/messages').source}|^console\\.error: Failed to send message`,
    ),
  },
  {
    reason: 'the client opens a request it deleted, on purpose: it and its offers answer 404',
    test: /^decline-cancel\.test\.ts > .*a deleted post is gone/,
    problem: api(404, 'GET', '/(post|getPostOffers)/{id}'),
  },
];
