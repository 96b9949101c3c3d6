/**
 * The text of an error for people, in the chosen language: an API answer by its stable `code`
 * (common/errors.ts), a sign-in refusal by the sign-in service's error name, a failed connection, and a
 * general text for anything else. The API's own English `message` is never shown as is.
 */
import { useCallback } from 'react';
import { useIntl } from './intl';
import { ApiError } from '../lib/api';
import type { MessageId } from './catalog/en';

/** A request that got no answer (fetch rejects with a TypeError whose text differs per browser). */
export const isNetworkError = (err: unknown) =>
  (err instanceof TypeError && /fetch|network|load failed/i.test(err.message)) ||
  (err instanceof Error && err.name === 'NetworkError');

/** A sign-in the pool refuses because moderation suspended (disabled) the user: "User is disabled.". */
export const isUserDisabled = (err: unknown) =>
  err instanceof Error && err.name === 'NotAuthorizedException' && /user is disabled/i.test(err.message);

/** Cognito answers too many failed sign-ins as a NotAuthorizedException ("Password attempts exceeded"). */
const isAttemptsExceeded = (err: unknown) =>
  err instanceof Error && err.name === 'NotAuthorizedException' && /attempts exceeded/i.test(err.message);

/** Where a password the user typed as the account's current one was refused. */
export type PasswordCheck = 'signIn' | 'changePassword';

/**
 * The sign-in service refused the password typed as the account's current one: a wrong password. Amplify v6
 * throws the service's error name. Cognito answers NotAuthorizedException (also for too many attempts and a
 * suspended user: those are not a wrong password). The local user pool (cognito-local) answers
 * InvalidPasswordException instead; the real pool uses that name only for a new password that breaks its
 * policy, which sign-in never sends, so on sign-in it always means a wrong password, and on Change Password
 * only against the local pool (`localPool`: the stage's config names a user-pool endpoint).
 */
export function isWrongPassword(err: unknown, during: PasswordCheck, localPool = false): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'NotAuthorizedException') return !isAttemptsExceeded(err) && !isUserDisabled(err);
  return err.name === 'InvalidPasswordException' && (during === 'signIn' || localPool);
}

/**
 * The message id for an error, if the catalogue has one. `during: 'signIn'` words a refused password as
 * "Incorrect email or password" whichever name the user pool gave it (isWrongPassword).
 */
export function errorMessageId(
  err: unknown,
  has: (id: string) => boolean,
  during?: PasswordCheck,
): MessageId | undefined {
  if (err instanceof ApiError && err.code && has(`errors.${err.code}`)) return `errors.${err.code}` as MessageId;
  if (isAttemptsExceeded(err)) return 'errors.auth.TooManyFailedAttemptsException';
  if (isUserDisabled(err)) return 'errors.ACCOUNT_SUSPENDED';
  if (during === 'signIn' && isWrongPassword(err, during)) return 'errors.auth.NotAuthorizedException';
  if (err instanceof Error && has(`errors.auth.${err.name}`)) return `errors.auth.${err.name}` as MessageId;
  if (isNetworkError(err)) return 'errors.network';
  return undefined;
}

/** `errorText(err)`: what to tell the user about `err` (`during`: see errorMessageId). */
export function useErrorText(): (err: unknown, during?: PasswordCheck) => string {
  const intl = useIntl();
  return useCallback(
    (err: unknown, during?: PasswordCheck) => {
      const id = errorMessageId(err, (candidate) => candidate in intl.messages, during) ?? 'errors.unknown';
      return intl.formatMessage({ id });
    },
    [intl],
  );
}
