/**
 * For scripts run against the running `npm start` stack: reads `.local/stack.json` and points the AWS SDK and
 * the data layer at the local table (DynamoDB Local takes any credentials). Returns the stack's endpoints.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { StackInfo } from '../bin/local/stack';

export function pointAtLocalTable(): StackInfo {
  const info = JSON.parse(readFileSync('.local/stack.json', 'utf8')) as StackInfo;
  Object.assign(process.env, {
    AWS_REGION: info.region,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: info.tableName,
    DYNAMODB_ENDPOINT: info.dynamoEndpoint,
  });
  return info;
}

/**
 * The command line of a migration that reads the businesses from the user pool: `--local` (the running
 * `npm start` stack) or `--table <TableName> --user-pool <PoolId> [--region <region>]`, and `--dry-run` where the
 * script offers it. Points the data layer at the table and answers the pool's id and a client for it; prints the
 * usage and exits 2 when neither form is given.
 */
export function poolMigrationTarget(
  script: string,
  { dryRunOption = false }: { dryRunOption?: boolean } = {},
): { userPoolId: string; pool: CognitoIdentityProviderClient; dryRun: boolean } {
  const { values } = parseArgs({
    options: {
      local: { type: 'boolean' },
      table: { type: 'string' },
      'user-pool': { type: 'string' },
      region: { type: 'string' },
      ...(dryRunOption ? { 'dry-run': { type: 'boolean' as const } } : {}),
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
      `Usage: npm run ${script} -- (--local | --table <TableName> --user-pool <PoolId> [--region <region>])` +
        (dryRunOption ? ' [--dry-run]' : ''),
    );
    process.exit(2);
  }
  const pool = new CognitoIdentityProviderClient({ region: process.env.AWS_REGION, ...(endpoint ? { endpoint } : {}) });
  return { userPoolId: userPoolId!, pool, dryRun: values['dry-run'] === true };
}

/**
 * The command line of a migration that reads only the table: `--local` (the running `npm start` stack) or
 * `--table <TableName> [--region <region>]`, with `--shards <n>` (the open index's shard count) and `--dry-run`.
 * Points the data layer at the table; prints the usage and exits 2 when neither form is given.
 */
export function tableMigrationTarget(script: string): { dryRun: boolean } {
  const { values } = parseArgs({
    options: {
      local: { type: 'boolean' },
      table: { type: 'string' },
      region: { type: 'string' },
      shards: { type: 'string' },
      'dry-run': { type: 'boolean' },
    },
  });
  if (values.local) {
    pointAtLocalTable();
  } else if (values.table) {
    process.env.TABLE_NAME = values.table;
    if (values.region) process.env.AWS_REGION = values.region;
  } else {
    console.error(
      `Usage: npm run ${script} -- (--local | --table <TableName> [--region <region>] [--shards <n>]) [--dry-run]`,
    );
    process.exit(2);
  }
  if (values.shards) process.env.OPEN_INDEX_SHARDS = values.shards;
  return { dryRun: values['dry-run'] === true };
}
