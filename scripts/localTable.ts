/**
 * For scripts run against the running `npm start` stack: reads `.local/stack.json` and points the AWS SDK and
 * the data layer at the local table (DynamoDB Local takes any credentials). Returns the stack's endpoints.
 */
import { readFileSync } from 'node:fs';
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
