/**
 * The expiry index (pattern 29 of docs/access-patterns.md): an open post's GSI2 entry
 * `EXPIRES#S#{shard}` / `{expiresAt}#{id}`, sharded like the open index, read by the scheduled expiry job only;
 * and the one-off migration that gives the open posts written before expiry existed their expiry
 * (scripts/migrate-post-expiry.ts, docs/access-patterns.md "Request expiry: migration").
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from './keys';
import { INDEXES } from './schema';
import { openEntryFields, openIndexPartitions, type StoredPost } from './openPosts';
import { transact, TransactionRefused, type TransactItem } from './transact';
import { config } from '../lib/config';

/** Open posts whose expiry passed before `now`, oldest first, one page of one shard of the expiry index (pattern 23). */
export async function expiredPostIds(
  shard: number,
  now: string,
  start?: Record<string, unknown>,
): Promise<{ ids: string[]; next?: Record<string, unknown> }> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: INDEXES.GSI2.name,
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :now',
      ExpressionAttributeValues: { ':pk': keys.expiryShard(shard), ':now': now },
      Limit: 25,
      ExclusiveStartKey: start,
    }),
  );
  return { ids: (out.Items ?? []).map((i) => String(i._id)), next: out.LastEvaluatedKey };
}

export const expiryShards = () => Array.from({ length: config.openIndexShards }, (_, i) => i);

/**
 * One page of one all-open partition (`OPEN`, or a shard `OPEN#S#{n}` of the former sharded index): the ids of the posts
 * whose entry there has no `expiresAt` (written before expiry existed). A Query with a filter, never a Scan.
 */
export async function openEntriesWithoutExpiry(
  partition: string,
  start?: Record<string, unknown>,
): Promise<{ ids: string[]; next?: Record<string, unknown> }> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: 'attribute_not_exists(expiresAt)',
      ProjectionExpression: '#id',
      ExpressionAttributeNames: { '#id': '_id' },
      ExpressionAttributeValues: { ':pk': partition },
      Limit: 100,
      ExclusiveStartKey: start,
    }),
  );
  return { ids: (out.Items ?? []).map((i) => String(i._id)), next: out.LastEvaluatedKey };
}

/**
 * Give an open post from before expiry existed its `expiresAt` and expiry index entry, and the same
 * `expiresAt` on its open-index copies, in one transaction: the post on condition it is still open and
 * still has none (so a second run, or an acceptance or close meanwhile, changes nothing: false). The
 * copies rewritten are its category and town ones and the all-open ones it was found in (`allOpen`: `OPEN`
 * and/or its former shard, not migrated yet), so no entry is added where there was none.
 */
export async function giveOpenPostExpiry(post: StoredPost, expiresAt: string, allOpen: string[]): Promise<boolean> {
  const dated: StoredPost = { ...post, expiresAt };
  const sk = keys.openEntrySk(post.createdAt, post._id);
  const partitions = [...openIndexPartitions(post).filter((pk) => pk !== keys.openAll), ...new Set(allOpen)];
  const items: TransactItem[] = [
    {
      Update: {
        TableName: table(),
        Key: keys.post(post._id),
        UpdateExpression: 'SET expiresAt = :expiresAt, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk',
        ConditionExpression: '#s = :open AND attribute_not_exists(expiresAt)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':open': 'open',
          ':expiresAt': expiresAt,
          ...keyValues(keys.postExpiryIndex(dated as { _id: string; expiresAt: string })),
        },
      },
    },
    ...partitions.map((pk) => ({ Put: { TableName: table(), Item: { pk, sk, ...openEntryFields(dated) } } })),
  ];
  try {
    await transact(items);
    return true;
  } catch (err) {
    if (err instanceof TransactionRefused && err.conditionFailed(0)) return false;
    throw err;
  }
}

const keyValues = (k: { gsi2pk: string; gsi2sk: string }) => ({ ':gsi2pk': k.gsi2pk, ':gsi2sk': k.gsi2sk });
