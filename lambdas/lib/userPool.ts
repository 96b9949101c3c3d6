/**
 * The user pool calls of a moderator's 'suspend' decision: the account is disabled (no sign-in, no token
 * refresh) and signed out everywhere (its refresh tokens revoked). Its ID tokens stay valid until they
 * expire; the API refuses them meanwhile (lambdas/data/suspensions.ts, checked in lambdas/lib/http.ts).
 * In the cloud the function's role may call exactly these two actions on the stage's pool
 * (infra/access.ts `userPool`); locally the same calls go to the emulator (bin/local/cognito.ts).
 * And the members of a group (the operators' weekly email: its function may call ListUsersInGroup only).
 */
import {
  AdminDisableUserCommand,
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

/** Disable the account with Cognito sub `sub` (its user name in a pool signed into by email) and sign it out. */
export async function disableAccount(sub: string): Promise<void> {
  const UserPoolId = config.userPoolId;
  await pool().send(new AdminDisableUserCommand({ UserPoolId, Username: sub }));
  await pool().send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username: sub }));
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
