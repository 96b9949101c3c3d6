/**
 * The one-off migration of requests opened before expiry existed (scripts/migrate-post-expiry.ts), over the
 * local stack's DynamoDB Local: such requests (made here by taking the expiry off new ones, as they were
 * stored then) get an expiry 30 days from now, their expiry index entry and the date on every open-index
 * copy; closed and accepted ones are left alone; a second run changes nothing; the hourly job then closes
 * a migrated request like any other once its days are over.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPEN_INDEX_SHARDS, POST_OPEN_DAYS } from '../../common/constants';
import { keys, shardOf } from '../../lambdas/data/keys';
import { openIndexPartitions } from '../../lambdas/data/openPosts';
import { migratePostExpiry } from '../../scripts/migrate-post-expiry';
import {
  call,
  isAvailable,
  newBusiness,
  newClient,
  newOffer,
  newPost,
  setStatus,
  stack,
  type Client,
} from '../support/api';
import { ageOut, runExpiryJob, storedPost, tableClient } from '../support/expiry';
import { useStackEnvironment } from '../support/notifications';

const DAY = 24 * 60 * 60 * 1000;
let client: Client;

beforeAll(async () => {
  client = await newClient();
  useStackEnvironment();
});

const shardPartition = (postId: string) => keys.legacyOpenAllShard(shardOf(postId, DEFAULT_OPEN_INDEX_SHARDS));

/** The post as it was stored before expiry existed: no `expiresAt` on it or its open-index copies, no expiry entry. */
async function undate(postId: string, opts: { inFormerShard?: boolean } = {}) {
  const post = (await storedPost(postId))!;
  const db = tableClient();
  const TableName = stack().tableName;
  await db.send(
    new UpdateCommand({
      TableName,
      Key: keys.post(postId),
      UpdateExpression: 'REMOVE expiresAt, gsi2pk, gsi2sk',
    }),
  );
  const sk = keys.openEntrySk(post.createdAt, postId);
  if (post.status === 'open') {
    for (const pk of openIndexPartitions(post))
      await db.send(new UpdateCommand({ TableName, Key: { pk, sk }, UpdateExpression: 'REMOVE expiresAt' }));
    if (opts.inFormerShard) {
      // Opened while the all-open index was sharded, not moved yet: its entry is in its shard, not in `OPEN`.
      const { Item } = await db.send(new GetCommand({ TableName, Key: { pk: keys.openAll, sk } }));
      await db.send(new PutCommand({ TableName, Item: { ...Item, pk: shardPartition(postId) } }));
      await db.send(new DeleteCommand({ TableName, Key: { pk: keys.openAll, sk } }));
    }
  }
  db.destroy();
}

/** The open-index entries of a post, by partition (a consistent read of each). */
async function entries(post: { _id: string; createdAt: string; category: string[]; location: string }) {
  const db = tableClient();
  const sk = keys.openEntrySk(post.createdAt, post._id);
  const out: Record<string, { expiresAt?: string } | undefined> = {};
  for (const pk of [...openIndexPartitions(post), shardPartition(post._id)]) {
    const { Item } = await db.send(
      new GetCommand({ TableName: stack().tableName, Key: { pk, sk }, ConsistentRead: true }),
    );
    out[pk] = Item;
  }
  db.destroy();
  return out;
}

/** Whether the expiry index holds the post (the entry the hourly job reads). */
async function inExpiryIndex(postId: string, expiresAt: string) {
  const db = tableClient();
  const { Items } = await db.send(
    new QueryCommand({
      TableName: stack().tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk = :sk',
      ExpressionAttributeValues: {
        ':pk': keys.expiryShard(shardOf(postId, DEFAULT_OPEN_INDEX_SHARDS)),
        ':sk': `${expiresAt}#${postId}`,
      },
    }),
  );
  db.destroy();
  return (Items ?? []).length === 1;
}

describe('migrating requests opened before expiry existed', () => {
  it('dates every open one (30 days from now), leaves the others alone, and is idempotent', async () => {
    const open = await newPost(client, { images: [], title: 'Old open request' });
    const sharded = await newPost(client, { images: [], title: 'Older open request' });
    const closed = await newPost(client, { images: [] });
    expect((await call('POST', `/post/${closed._id}/close`, { token: client.token })).status).toBe(200);
    const accepted = await newPost(client, { images: [] });
    const offer = await newOffer(await newBusiness(), accepted._id);
    expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
    await undate(open._id);
    await undate(sharded._id, { inFormerShard: true });
    await undate(closed._id);
    await undate(accepted._id);
    expect((await storedPost(open._id))?.expiresAt).toBeUndefined();

    const before = Date.now();
    const run = await migratePostExpiry();
    expect(run.dated).toBeGreaterThanOrEqual(2);

    for (const p of [open, sharded]) {
      const stored = (await storedPost(p._id))!;
      const expiresAt = stored.expiresAt!;
      expect(Date.parse(expiresAt) - before).toBeGreaterThanOrEqual(POST_OPEN_DAYS * DAY);
      expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(POST_OPEN_DAYS * DAY);
      expect(await inExpiryIndex(p._id, expiresAt)).toBe(true);
      expect((await call('GET', `/post/${p._id}`, { token: client.token })).body).toMatchObject({
        status: 'open',
        expiresAt,
      });
      if (p === open) expect(await isAvailable(client.token, p)).toBe(true);
      const copies = await entries(stored);
      const present = Object.entries(copies).filter(([, item]) => item);
      expect(present.every(([, item]) => item!.expiresAt === expiresAt)).toBe(true);
      // The copies it had, no more: the one still in its former shard stays there (the list migration moves it).
      const where = present.map(([pk]) => pk);
      if (p === sharded) expect(where).toEqual(expect.arrayContaining([shardPartition(p._id)]));
      if (p === sharded) expect(where).not.toContain(keys.openAll);
      if (p === open) expect(where).not.toContain(shardPartition(p._id));
      expect(where).toHaveLength(openIndexPartitions(stored).length);
    }
    // Closed and accepted requests are not open: no expiry given.
    expect((await storedPost(closed._id))?.expiresAt).toBeUndefined();
    expect((await storedPost(accepted._id))?.expiresAt).toBeUndefined();

    const dated = (await storedPost(open._id))!.expiresAt;
    const again = await migratePostExpiry();
    expect(again.dated).toBe(0);
    expect((await storedPost(open._id))!.expiresAt).toBe(dated);
  });

  it('a migrated request is closed by the hourly job once its days are over', async () => {
    const post = await newPost(client, { images: [] });
    await undate(post._id);
    await migratePostExpiry();
    expect((await storedPost(post._id))?.expiresAt).toBeDefined();
    await ageOut(post._id);
    expect((await runExpiryJob()).closed).toBeGreaterThanOrEqual(1);
    expect(await storedPost(post._id)).toMatchObject({ status: 'closed', closedReason: 'expired' });
  });
});
