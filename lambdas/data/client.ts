/** One DynamoDB document client per Lambda container (created outside the handler, reused warm). */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';

let client: DynamoDBDocumentClient | undefined;

export function ddb(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: config.dynamoEndpoint }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return client;
}

export const table = () => config.tableName;
