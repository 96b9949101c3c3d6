/**
 * The migration back to one partition per all-items list (scripts/migrate-one-partition-lists.ts), over the local
 * stack's DynamoDB Local. Entries and ads written while the indexes were sharded (made here by moving new ones to
 * the shard they were written to then) are not in GET /post/available, which reads `OPEN` only, and ads keep a
 * shard's GSI1 partition; the migration moves them to `OPEN` and `ADS`, leaves no entry for a request closed before it ran, keeps an `OPEN` entry already
 * written, and a second run changes nothing.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPEN_INDEX_SHARDS } from '../../common/constants';
import { keys, shardOf } from '../../lambdas/data/keys';
import { migrateOnePartitionLists } from '../../scripts/migrate-one-partition-lists';
import { call, isAvailable, newBusiness, newClient, newPost, stack, type Client } from '../support/api';
import { tableClient } from '../support/expiry';
import { useStackEnvironment } from '../support/notifications';
import { paidAd } from '../support/payments';

let client: Client;

beforeAll(async () => {
  client = await newClient();
  useStackEnvironment();
});

const shardOfId = (id: string) => shardOf(id, DEFAULT_OPEN_INDEX_SHARDS);

async function openEntry(pk: string, post: { _id: string; createdAt: string }) {
  const db = tableClient();
  const { Item } = await db.send(
    new GetCommand({
      TableName: stack().tableName,
      Key: { pk, sk: keys.openEntrySk(post.createdAt, post._id) },
      ConsistentRead: true,
    }),
  );
  db.destroy();
  return Item;
}

/** The post's all-open entry as the sharded index stored it: in its shard, not in `OPEN` (unless `keepOpen`). */
async function intoFormerShard(post: { _id: string; createdAt: string }, opts: { keepOpen?: boolean } = {}) {
  const db = tableClient();
  const TableName = stack().tableName;
  const sk = keys.openEntrySk(post.createdAt, post._id);
  const { Item } = await db.send(new GetCommand({ TableName, Key: { pk: keys.openAll, sk }, ConsistentRead: true }));
  await db.send(new PutCommand({ TableName, Item: { ...Item, pk: keys.legacyOpenAllShard(shardOfId(post._id)) } }));
  if (!opts.keepOpen) await db.send(new DeleteCommand({ TableName, Key: { pk: keys.openAll, sk } }));
  db.destroy();
}

/** An ad as the sharded all-ads index stored it: GSI1 under its shard. */
async function adIntoFormerShard(adId: string) {
  const db = tableClient();
  await db.send(
    new UpdateCommand({
      TableName: stack().tableName,
      Key: keys.ad(adId),
      UpdateExpression: 'SET gsi1pk = :shard',
      ExpressionAttributeValues: { ':shard': keys.legacyAllAdsShard(shardOfId(adId)) },
    }),
  );
  db.destroy();
}

/** The GSI1 partition the ad is indexed under (the all-ads list was `ADS`, sharded for a while). */
async function adIndexPartition(adId: string) {
  const db = tableClient();
  const { Item } = await db.send(
    new GetCommand({ TableName: stack().tableName, Key: keys.ad(adId), ConsistentRead: true }),
  );
  db.destroy();
  return Item?.gsi1pk as string | undefined;
}

describe('moving the sharded lists back to one partition', () => {
  it('moves open entries and ads to OPEN and ADS, drops what closed meanwhile, keeps what is there, and is idempotent', async () => {
    const moved = await newPost(client, { images: [], title: 'Opened while sharded' });
    const closedBefore = await newPost(client, { images: [], title: 'Closed before the migration' });
    const both = await newPost(client, { images: [], title: 'In a shard and in OPEN' });
    await intoFormerShard(moved);
    await intoFormerShard(closedBefore);
    await intoFormerShard(both, { keepOpen: true });
    // Closing deletes the entry in its former shard too, so the migration finds nothing to bring back.
    expect((await call('POST', `/post/${closedBefore._id}/close`, { token: client.token })).status).toBe(200);
    expect(await openEntry(keys.legacyOpenAllShard(shardOfId(closedBefore._id)), closedBefore)).toBeUndefined();

    const business = await newBusiness();
    const ad = { body: await paidAd(business) };
    await adIntoFormerShard(ad.body._id);

    // The lists read one partition each: what is still in a shard is not listed until it is moved.
    expect(await isAvailable(client.token, moved)).toBe(false);
    expect(await adIndexPartition(ad.body._id)).toBe(keys.legacyAllAdsShard(shardOfId(ad.body._id)));

    const dry = await migrateOnePartitionLists({ dryRun: true });
    expect(dry.openEntriesMoved).toBeGreaterThanOrEqual(2);
    expect(await isAvailable(client.token, moved)).toBe(false);

    const run = await migrateOnePartitionLists();
    expect(run.openEntriesMoved).toBeGreaterThanOrEqual(1);
    expect(run.openEntriesDropped).toBeGreaterThanOrEqual(1);
    expect(run.adsMoved).toBeGreaterThanOrEqual(1);

    expect(await isAvailable(client.token, moved)).toBe(true);
    expect(await isAvailable(client.token, both)).toBe(true);
    expect(await isAvailable(client.token, closedBefore)).toBe(false);
    for (const p of [moved, both]) {
      expect(await openEntry(keys.openAll, p)).toMatchObject({ _id: p._id, title: p.title, status: 'open' });
      expect(await openEntry(keys.legacyOpenAllShard(shardOfId(p._id)), p)).toBeUndefined();
    }
    expect(await openEntry(keys.openAll, closedBefore)).toBeUndefined();
    expect(await adIndexPartition(ad.body._id)).toBe(keys.allAds);

    // A second run finds nothing of these left in a shard and changes nothing about them (other test files may
    // put entries of their own in shards meanwhile, so the counts are not asserted to be zero).
    await migrateOnePartitionLists();
    for (const p of [moved, both]) {
      expect(await openEntry(keys.openAll, p)).toMatchObject({ _id: p._id, status: 'open' });
      expect(await openEntry(keys.legacyOpenAllShard(shardOfId(p._id)), p)).toBeUndefined();
    }
    expect(await openEntry(keys.openAll, closedBefore)).toBeUndefined();
    expect(await adIndexPartition(ad.body._id)).toBe(keys.allAds);
  });
});
