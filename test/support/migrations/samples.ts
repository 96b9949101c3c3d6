/**
 * The data the sample migrations of this folder change: items of one partition (`MIGRATIONSAMPLE` / `item#{n}`) of
 * whichever table the environment names, read a page at a time. The migration runner's tests
 * (test/integration/migrations.test.ts) seed them, run the samples and look at what they became.
 */
import { PutCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from '../../../lambdas/data/client';

export const SAMPLES_PARTITION = 'MIGRATIONSAMPLE';
/** Items per page: each page is one checkpoint of a sample migration. */
export const SAMPLE_PAGE = 5;

/** Puts `count` sample items (`poison` on the item numbers given: the first sample fails on them). */
export async function seedSamples(count: number, poison: number[] = []) {
  for (let n = 0; n < count; n++)
    await ddb().send(
      new PutCommand({
        TableName: table(),
        Item: {
          pk: SAMPLES_PARTITION,
          sk: `item#${String(n).padStart(3, '0')}`,
          n,
          ...(poison.includes(n) ? { poison: true } : {}),
        },
      }),
    );
}

/** Every sample item, in key order. */
export async function samples(): Promise<Record<string, unknown>[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': SAMPLES_PARTITION },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

/** One page of sample items from `start` (a checkpoint: the key the page before stopped at). */
export const samplePage = (start: unknown): Promise<QueryCommandOutput> =>
  ddb().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': SAMPLES_PARTITION },
      Limit: SAMPLE_PAGE,
      ConsistentRead: true,
      ...(start ? { ExclusiveStartKey: start as Record<string, unknown> } : {}),
    }),
  );

/** A pause after each page (SAMPLE_PAGE_PAUSE_MS), so a test can kill a run between two pages. */
export const pauseBetweenPages = () =>
  new Promise((resolve) => setTimeout(resolve, Number(process.env.SAMPLE_PAGE_PAUSE_MS ?? 0)));
