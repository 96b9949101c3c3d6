/**
 * One DynamoDB document client per Lambda container (created outside the handler, reused warm), with the
 * API's timeouts and retries (lambdas/lib/dependencies.ts); its calls are traced in X-Ray (lambdas/lib/tracing.ts).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { awsClientOptions, withoutIdleLogging } from '../lib/dependencies';
import { traceClient } from '../lib/tracing';

let client: DynamoDBDocumentClient | undefined;

export function ddb(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(
    traceClient(withoutIdleLogging(new DynamoDBClient({ ...awsClientOptions(), endpoint: config.dynamoEndpoint }))),
    {
      marshallOptions: { removeUndefinedValues: true },
    },
  );
  return client;
}

export const table = () => config.tableName;
