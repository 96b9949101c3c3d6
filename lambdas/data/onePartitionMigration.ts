/**
 * The one-off migration back to one partition per all-items list (scripts/migrate-one-partition-lists.ts,
 * docs/access-patterns.md "One partition per list: migration"): what is left in the shards of the former
 * sharded all-open index (`OPEN#S#{n}`) moves to `OPEN`, and each ad still indexed under a GSI1 shard
 * (`ADS#S#{n}`) gets `gsi1pk = ADS`. Queries of those partitions and conditional writes only, never a Scan.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from './keys';
import { INDEXES } from './schema';
import { transact, TransactionRefused, conditionalWrite } from './transact';

type Key = { pk: string; sk: string };
export interface MigrationPage<T> {
  items: T[];
  next?: Record<string, unknown>;
}

/** One page of the entries left in a shard of the former sharded all-open index (whole items, keys included). */
export async function legacyOpenEntries(
  shardPartition: string,
  start?: Record<string, unknown>,
): Promise<MigrationPage<Record<string, unknown> & Key>> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': shardPartition },
      ConsistentRead: true,
      Limit: 100,
      ExclusiveStartKey: start,
    }),
  );
  return { items: (out.Items ?? []) as (Record<string, unknown> & Key)[], next: out.LastEvaluatedKey };
}

export type MoveOutcome = 'moved' | 'alreadyThere' | 'gone';

/**
 * Moves one entry of a former shard to `OPEN` in one transaction: Put under `OPEN` (condition: no entry there)
 * and Delete the shard entry (condition: it still exists). The entry gone meanwhile (its post was closed,
 * accepted or deleted) changes nothing ('gone'); an `OPEN` entry already there (written since by the current
 * code, which is authoritative) only deletes the shard entry ('alreadyThere'). Running it twice is harmless.
 */
export async function moveOpenEntry(entry: Record<string, unknown> & Key): Promise<MoveOutcome> {
  const shardKey = { pk: entry.pk, sk: entry.sk };
  const deleteShardEntry = {
    Delete: { TableName: table(), Key: shardKey, ConditionExpression: 'attribute_exists(pk)' },
  };
  try {
    await transact([
      {
        Put: {
          TableName: table(),
          Item: { ...entry, pk: keys.openAll },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      deleteShardEntry,
    ]);
    return 'moved';
  } catch (err) {
    if (!(err instanceof TransactionRefused)) throw err;
    if (err.conditionFailed(1)) return 'gone';
    if (!err.conditionFailed(0)) throw err;
  }
  try {
    await transact([deleteShardEntry]);
    return 'alreadyThere';
  } catch (err) {
    if (err instanceof TransactionRefused && err.conditionFailed(0)) return 'gone';
    throw err;
  }
}

/** One page of the ads still indexed under a GSI1 shard of the former sharded all-ads index: their table keys. */
export async function legacyShardAds(
  shardPartition: string,
  start?: Record<string, unknown>,
): Promise<MigrationPage<Key>> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: INDEXES.GSI1.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': shardPartition },
      ProjectionExpression: 'pk, sk',
      Limit: 100,
      ExclusiveStartKey: start,
    }),
  );
  return { items: (out.Items ?? []) as Key[], next: out.LastEvaluatedKey };
}

/** Re-indexes one ad under GSI1 `ADS` (condition: still under `shardPartition`); false when it was deleted or moved already. */
export async function moveAdToOnePartition(ad: Key, shardPartition: string): Promise<boolean> {
  return conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: ad,
      UpdateExpression: 'SET gsi1pk = :all',
      ConditionExpression: 'gsi1pk = :shard',
      ExpressionAttributeValues: { ':all': keys.allAds, ':shard': shardPartition },
    }),
  );
}
