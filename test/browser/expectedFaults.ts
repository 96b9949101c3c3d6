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

export const EXPECTED_FAULTS: readonly ExpectedFault[] = [
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
];
