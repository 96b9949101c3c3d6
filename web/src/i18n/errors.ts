/**
 * The text of an error for people, in the chosen language: an API answer by its stable `code`
 * (common/errors.ts), a sign-in refusal by the sign-in service's error name, a failed connection, and a
 * general text for anything else. The API's own English `message` is never shown as is.
 */
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '../lib/api';
import type { MessageId } from './catalog/en';

/** A request that got no answer (fetch rejects with a TypeError whose text differs per browser). */
export const isNetworkError = (err: unknown) =>
  (err instanceof TypeError && /fetch|network|load failed/i.test(err.message)) ||
  (err instanceof Error && err.name === 'NetworkError');

/** A sign-in the pool refuses because moderation suspended (disabled) the user: "User is disabled.". */
export const isUserDisabled = (err: unknown) =>
  err instanceof Error && err.name === 'NotAuthorizedException' && /user is disabled/i.test(err.message);

/** The message id for an error, if the catalogue has one. */
export function errorMessageId(err: unknown, has: (id: string) => boolean): MessageId | undefined {
  if (err instanceof ApiError && err.code && has(`errors.${err.code}`)) return `errors.${err.code}` as MessageId;
  // Cognito answers too many failed sign-ins as a NotAuthorizedException ("Password attempts exceeded").
  if (err instanceof Error && err.name === 'NotAuthorizedException' && /attempts exceeded/i.test(err.message)) {
    return 'errors.auth.TooManyFailedAttemptsException';
  }
  if (isUserDisabled(err)) return 'errors.ACCOUNT_SUSPENDED';
  if (err instanceof Error && has(`errors.auth.${err.name}`)) return `errors.auth.${err.name}` as MessageId;
  if (isNetworkError(err)) return 'errors.network';
  return undefined;
}

/** `errorText(err)`: what to tell the user about `err`. */
export function useErrorText(): (err: unknown) => string {
  const intl = useIntl();
  return useCallback(
    (err: unknown) => {
      const id = errorMessageId(err, (candidate) => candidate in intl.messages) ?? 'errors.unknown';
      return intl.formatMessage({ id });
    },
    [intl],
  );
}
