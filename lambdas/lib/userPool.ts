/**
 * The user pool calls of a moderator's 'suspend' decision: the account is disabled (no sign-in, no token
 * refresh) and signed out everywhere (its refresh tokens revoked). Its ID tokens stay valid until they
 * expire; the API refuses them meanwhile (lambdas/data/suspensions.ts, checked in lambdas/lib/http.ts).
 * In the cloud the function's role may call exactly these two actions on the stage's pool
 * (infra/access.ts `userPool`); locally the same calls go to the emulator (bin/local/cognito.ts).
 */
import {
  AdminDisableUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
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
