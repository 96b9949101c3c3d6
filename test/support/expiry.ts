/**
 * Time passing for requests, on the test stack's table: a request's expiry moved into the past (as if it
 * had been posted 30 + days ago) and the scheduled expiry job run as the schedule runs it in the cloud.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { openIndexPartitions } from '../../lambdas/model/posts';
import { stack } from './api';

const DAY = 24 * 60 * 60 * 1000;

/** A document client on the test stack's DynamoDB Local (destroy it after use). */
export const tableClient = () => {
  const s = stack();
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: s.dynamoEndpoint,
      region: s.region,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    }),
  );
};

/** A post as stored (every attribute, keys included). */
export async function storedPost(postId: string) {
  const db = tableClient();
  const { Item } = await db.send(
    new GetCommand({ TableName: stack().tableName, Key: { pk: `POST#${postId}`, sk: 'POST' }, ConsistentRead: true }),
  );
  db.destroy();
  return Item as
    | { _id: string; createdAt: string; status: string; category: string[]; location: string; expiresAt?: string }
    | undefined;
}

/**
 * Time passes for one post: its expiry (on the post, its expiry index key and every open-index copy)
 * moves `days` into the past, as if it had been posted 30 + days ago.
 */
export async function ageOut(postId: string, days = 1) {
  const past = new Date(Date.now() - days * DAY).toISOString();
  const s = stack();
  const db = tableClient();
  const post = (await storedPost(postId))!;
  await db.send(
    new UpdateCommand({
      TableName: s.tableName,
      Key: { pk: `POST#${postId}`, sk: 'POST' },
      UpdateExpression: 'SET expiresAt = :past, gsi2sk = :sk',
      ExpressionAttributeValues: { ':past': past, ':sk': `${past}#${postId}` },
    }),
  );
  // The open-index copies of the post, while it is open: every partition holds it under the same sort key.
  if (post.status === 'open')
    for (const pk of openIndexPartitions(post)) {
      await db.send(
        new UpdateCommand({
          TableName: s.tableName,
          Key: { pk, sk: `${post.createdAt}#${postId}` },
          UpdateExpression: 'SET expiresAt = :past',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':past': past },
        }),
      );
    }
  db.destroy();
}

/** This process's environment pointed at the test stack's table, as a scheduled job's function has it. */
export function useTableEnvironment() {
  const s = stack();
  Object.assign(process.env, {
    TABLE_NAME: s.tableName,
    DYNAMODB_ENDPOINT: s.dynamoEndpoint,
    AWS_REGION: s.region,
    AWS_ACCESS_KEY_ID: 'x',
    AWS_SECRET_ACCESS_KEY: 'x',
  });
}

/** The scheduled expiry job, run against the test stack's table as the schedule runs it in the cloud. */
export async function runExpiryJob() {
  useTableEnvironment();
  const { closeExpiredPosts } = await import('../../lambdas/jobs/closeExpiredPosts');
  return closeExpiredPosts();
}
