/**
 * The user pool's admin calls the API and the jobs make (each function's role may call exactly the ones its code
 * sends: infra/access.ts `userPool`, the erasure job's construct):
 *  - a moderator's 'suspend': the account is disabled (no sign-in, no token refresh) and signed out everywhere (its
 *    refresh tokens revoked). Its ID tokens stay valid until they expire; the API refuses them meanwhile
 *    (lambdas/data/suspensions.ts, checked in lambdas/api/http.ts);
 *  - deleting one's account: the password is checked (ADMIN_USER_PASSWORD_AUTH, a server-side flow the browser
 *    cannot use), the account is signed out everywhere, and at its erasure the user is deleted from the pool.
 *  - the members of a group (the operators' weekly email: its function may call ListUsersInGroup only).
 * Locally the same calls go to the emulator (bin/local/cognito.ts adds AdminUserGlobalSignOut, which cognito-local
 * lacks; docs/privacy.md lists what the emulator does differently).
 */
import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminInitiateAuthCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { config } from './config';
import { awsClientOptions } from './dependencies';

let client: CognitoIdentityProviderClient | undefined;
const pool = () => {
  client ??= new CognitoIdentityProviderClient({
    ...awsClientOptions(),
    ...(config.cognitoEndpoint ? { endpoint: config.cognitoEndpoint } : {}),
  });
  return client;
};

const nameOf = (err: unknown) => (err as { name?: string } | undefined)?.name ?? '';

/** Disable the account with Cognito sub `sub` (its user name in a pool signed into by email) and sign it out. */
export async function disableAccount(sub: string): Promise<void> {
  const UserPoolId = config.userPoolId;
  await pool().send(new AdminDisableUserCommand({ UserPoolId, Username: sub }));
  await pool().send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username: sub }));
}

/** What the pool said of a password: right, wrong, or too many wrong tries lately (Cognito locks the sign-in a while). */
export type PasswordCheck = 'right' | 'wrong' | 'locked';

/**
 * Checks `password` of the account signed into as `username` (its email) by signing in with the server-side admin
 * flow. A successful check makes a session, which the sign-out that follows a closure revokes with every other.
 * Cognito answers NotAuthorizedException to a wrong password (cognito-local: InvalidPasswordException), and the same
 * exception saying "attempts exceeded" once it locks the sign-in for a while.
 */
export async function checkPassword(username: string, password: string): Promise<PasswordCheck> {
  try {
    const out = await pool().send(
      new AdminInitiateAuthCommand({
        UserPoolId: config.userPoolId,
        ClientId: config.userPoolClientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    // A challenge (a new password required) still proves the password.
    return out.AuthenticationResult || out.ChallengeName ? 'right' : 'wrong';
  } catch (err) {
    const name = nameOf(err);
    const message = err instanceof Error ? err.message : '';
    if (name === 'NotAuthorizedException' && /attempts exceeded/i.test(message)) return 'locked';
    if (name === 'TooManyRequestsException' || name === 'LimitExceededException') return 'locked';
    if (['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException'].includes(name)) return 'wrong';
    throw err;
  }
}

/** Signs the account out everywhere: every refresh token of it is revoked (no session outlives its ID token). */
export async function signOutEverywhere(sub: string): Promise<void> {
  try {
    await pool().send(new AdminUserGlobalSignOutCommand({ UserPoolId: config.userPoolId, Username: sub }));
  } catch (err) {
    // Deleted already (an erasure run again): nothing is signed in.
    if (nameOf(err) !== 'UserNotFoundException') throw err;
  }
}

/** Deletes the user from the pool; true when it was there (a run again finds it gone and answers false). */
export async function deleteUser(sub: string): Promise<boolean> {
  try {
    await pool().send(new AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: sub }));
    return true;
  } catch (err) {
    if (nameOf(err) === 'UserNotFoundException') return false;
    throw err;
  }
}

/** The enabled members of a group of the pool: their sub and email (every page). */
export async function groupMembers(group: string): Promise<{ sub: string; email?: string }[]> {
  const members: { sub: string; email?: string }[] = [];
  let NextToken: string | undefined;
  do {
    const page = await pool().send(
      new ListUsersInGroupCommand({ UserPoolId: config.userPoolId, GroupName: group, NextToken }),
    );
    for (const user of page.Users ?? []) {
      if (user.Enabled === false) continue;
      const attribute = (name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;
      const sub = attribute('sub') ?? user.Username;
      if (sub) members.push({ sub, email: attribute('email') });
    }
    NextToken = page.NextToken;
  } while (NextToken);
  return members;
}
