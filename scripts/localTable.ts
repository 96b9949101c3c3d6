/**
 * For scripts run against the running `npm start` stack: reads its stack file (`.local/stack.json`, or another local
 * stack's) and points the AWS SDK and the data layer at the local table (DynamoDB Local takes any credentials).
 * Returns the stack's endpoints.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { StackInfo } from '../bin/local/stack';
import { LOCAL_STACK_FILE } from '../bin/local/stackFile';

export function pointAtLocalTable(stackFile = LOCAL_STACK_FILE): StackInfo {
  const info = JSON.parse(readFileSync(stackFile, 'utf8')) as StackInfo;
  Object.assign(process.env, {
    AWS_REGION: info.region,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: info.tableName,
    DYNAMODB_ENDPOINT: info.dynamoEndpoint,
  });
  return info;
}

/** The Cognito subs of every account of the pool, page by page. */
export async function* poolSubs(pool: CognitoIdentityProviderClient, userPoolId: string) {
  let token: string | undefined;
  do {
    const page = await pool.send(new ListUsersCommand({ UserPoolId: userPoolId, PaginationToken: token }));
    for (const user of page.Users ?? []) {
      const sub = user.Attributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username;
      if (sub) yield sub;
    }
    token = page.PaginationToken;
  } while (token);
}

/**
 * The command line of a script that reads the accounts from the user pool: `--local` (the running `npm start`
 * stack) or `--table <TableName> --user-pool <PoolId> [--region <region>]`. Points the data layer at the table and
 * answers the pool's id and a client for it; prints the usage and exits 2 when neither form is given.
 */
export function poolScriptTarget(script: string): { userPoolId: string; pool: CognitoIdentityProviderClient } {
  const { values } = parseArgs({
    options: {
      local: { type: 'boolean' },
      table: { type: 'string' },
      'user-pool': { type: 'string' },
      region: { type: 'string' },
    },
  });
  let userPoolId = values['user-pool'];
  let endpoint: string | undefined;
  if (values.local) {
    const info = pointAtLocalTable();
    userPoolId = info.userPoolId;
    endpoint = info.authEndpoint;
  } else if (values.table && userPoolId) {
    process.env.TABLE_NAME = values.table;
    if (values.region) process.env.AWS_REGION = values.region;
  } else {
    console.error(
      `Usage: npm run ${script} -- (--local | --table <TableName> --user-pool <PoolId> [--region <region>])`,
    );
    process.exit(2);
  }
  const pool = new CognitoIdentityProviderClient({ region: process.env.AWS_REGION, ...(endpoint ? { endpoint } : {}) });
  return { userPoolId: userPoolId!, pool };
}
