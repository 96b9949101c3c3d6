/**
 * `npm run moderator:add -- --stage <stage> --email <email> [--user-pool-id <id>] [--region <region>]`: makes an
 * existing account of a cloud stage a moderator (adds it to the user pool's `moderator` group with
 * AdminAddUserToGroup). The pool id is the stage stack's `UserPoolId` output, read with the AWS CLI and your
 * credentials, unless given. The person signs out and in again to get a token with the group.
 * docs/deploy.md, "Moderators".
 */
import { parseArgs } from 'node:util';
import { AdminAddUserToGroupCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { MODERATOR_GROUP } from '../common/moderation';
import { stackOutput } from './lib/stackOutputs';

/** Adds an existing account to a group of the pool (AdminAddUserToGroup; adding a member again changes nothing). */
export async function addToGroup(
  opts: { userPoolId: string; email: string; region?: string },
  group: string,
): Promise<void> {
  const client = new CognitoIdentityProviderClient(opts.region ? { region: opts.region } : {});
  try {
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: opts.userPoolId, Username: opts.email, GroupName: group }),
    );
  } finally {
    client.destroy();
  }
}

export const addModerator = (opts: { userPoolId: string; email: string; region?: string }) =>
  addToGroup(opts, MODERATOR_GROUP);

/**
 * The command line of `npm run moderator:add` and `npm run operator:add`: parses --stage/--email/--user-pool-id/
 * --region, adds the account to `group`, and says what it can now see (`sees`).
 */
export async function addToGroupFromCli(command: string, group: string, role: string, sees: string) {
  const { values } = parseArgs({
    options: {
      stage: { type: 'string' },
      email: { type: 'string' },
      'user-pool-id': { type: 'string' },
      region: { type: 'string' },
    },
  });
  if (!values.email || (!values.stage && !values['user-pool-id'])) {
    console.error(
      `Usage: npm run ${command} -- --stage <stage> --email <email> [--user-pool-id <id>] [--region <region>]`,
    );
    process.exit(2);
  }
  try {
    const userPoolId = values['user-pool-id'] ?? stackOutput(values.stage!, 'UserPoolId', values.region);
    await addToGroup({ userPoolId, email: values.email, region: values.region }, group);
    console.log(`${values.email} is now ${role} of ${userPoolId}: they sign out and in again to see ${sees}.`);
  } catch (err) {
    console.error(`Not added: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await addToGroupFromCli('moderator:add', MODERATOR_GROUP, 'a moderator', '/moderation');
}
