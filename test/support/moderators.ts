/**
 * Moderators for tests: a user of the local pool added to the moderator group (created when missing), with a
 * fresh ID token that carries `cognito:groups`. The seed's demo moderator is not used, so tests stay independent.
 */
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { MODERATOR_GROUP } from '../../common/moderation';
import { stack } from './api';

/** Adds the user to the moderator group and signs in again: answers the new ID token. */
export async function makeModerator(account: { email: string; password: string }): Promise<string> {
  const s = stack();
  const pool = new CognitoIdentityProviderClient({
    endpoint: s.authEndpoint,
    region: s.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await pool.send(new CreateGroupCommand({ UserPoolId: s.userPoolId, GroupName: MODERATOR_GROUP }));
  } catch (err) {
    if ((err as Error).name !== 'GroupExistsException') throw err;
  }
  await pool.send(
    new AdminAddUserToGroupCommand({ UserPoolId: s.userPoolId, Username: account.email, GroupName: MODERATOR_GROUP }),
  );
  const auth = await pool.send(
    new InitiateAuthCommand({
      ClientId: s.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  );
  return auth.AuthenticationResult!.IdToken!;
}
