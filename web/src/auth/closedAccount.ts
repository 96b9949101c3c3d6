/**
 * After an account is deleted here, the login screen says until when it can be kept: the navigation to /login carries
 * the erasure date under this key of its state.
 */
export const CLOSED_ACCOUNT_STATE = 'accountErasedAfter';

/** The erasure date a navigation's state carries, if any. */
export const closedAccountDateOf = (state: unknown): string | undefined => {
  const value = (state as Record<string, unknown> | null)?.[CLOSED_ACCOUNT_STATE];
  return typeof value === 'string' ? value : undefined;
};
