/**
 * The open-post index: copies of an open post under `OPEN#S#{shard}` (all open posts, sharded by a
 * hash of the id over config.openIndexShards partitions, so no single partition takes every write and
 * read), `OPEN#C#{cat}`, `OPEN#T#{town}` and
 * `OPEN#C#{cat}#T#{town}` (sort key `{createdAt}#{id}`), so that available, filtered and suggested
 * lists are Queries. The entries exist exactly while the post is open; these builders give the
 * transaction items that add or remove them, to be put in the same TransactWriteItems as the state
 * change of the post.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys, shardOf, stripKeys } from './keys';
import { ddb, table } from './client';
import { config } from '../lib/config';
import type { PostClosedReason, PostStatus } from '../../common/constants';
import type { HiddenMark } from '../../common/types';

export interface StoredPost {
  _id: string;
  userId: string;
  title: string;
  content?: string;
  images: string[];
  category: string[];
  location: string;
  budget?: number;
  createdAt: string;
  status: PostStatus;
  clientName?: string;
  acceptedOfferId?: string;
  /** When it closes by itself unless an offer is accepted (lambdas/domain/postLife.ts); absent on posts from before expiry existed. */
  expiresAt?: string;
  closedReason?: PostClosedReason;
  closedAt?: string;
  reopenedAt?: string;
  /** A moderator hid it (docs/access-patterns.md, "Moderation"): out of every open list for good. */
  hidden?: HiddenMark['hidden'];
}

/** The shard of the all-open index a post's entry lives in: a stable hash of its id, modulo the shard count. */
export const openShardOf = (postId: string, shards = config.openIndexShards): number => shardOf(postId, shards);

/**
 * Every partition of the all-open index to read: each shard, and for one release the unsharded `OPEN`
 * partition written before sharding (entries there leave when their post closes; see
 * docs/access-patterns.md for the migration that empties it).
 */
export function openAllPartitions(shards = config.openIndexShards): string[] {
  return [...Array.from({ length: shards }, (_, i) => keys.openAllShard(i)), keys.openAll];
}

export function openIndexPartitions(post: Pick<StoredPost, '_id' | 'category' | 'location'>): string[] {
  const cats = [...new Set(post.category)];
  return [
    keys.openAllShard(openShardOf(post._id)),
    keys.openByTown(post.location),
    ...cats.map((c) => keys.openByCategory(c)),
    ...cats.map((c) => keys.openByCategoryTown(c, post.location)),
  ];
}

/** What an open-index entry holds: the post as open (its acceptance and close fields left out). */
export const openEntryFields = (post: StoredPost) => {
  const { acceptedOfferId: _ignored, closedReason: _reason, closedAt: _closedAt, ...rest } = post;
  return { ...rest, status: 'open' as const };
};

export function openIndexPuts(post: StoredPost) {
  // A hidden post never comes back to the open lists (reopening or cancelling an acceptance leaves it out).
  if (post.hidden) return [];
  const sk = keys.openEntrySk(post.createdAt, post._id);
  return openIndexPartitions(post).map((pk) => ({
    Put: { TableName: table(), Item: { pk, sk, ...openEntryFields(post) } },
  }));
}

export function openIndexDeletes(post: Pick<StoredPost, '_id' | 'createdAt' | 'category' | 'location'>) {
  const sk = keys.openEntrySk(post.createdAt, post._id);
  // The unsharded entry too, where a post opened before sharding still has one (deleting none is a no-op).
  return [...openIndexPartitions(post), keys.openAll].map((pk) => ({
    Delete: { TableName: table(), Key: { pk, sk } },
  }));
}

// ---- Reading the index (patterns 6, 7 and 8) ----

const toStoredPost = (item: Record<string, unknown>) => stripKeys(item) as unknown as StoredPost;

/** Open posts newest first (pattern 6): the merge of every shard, one sort-key cursor. */
export const listOpenPosts = (opts: { limit: number; before?: string }) => mergedOpenPage(openAllPartitions(), opts);

/** A DynamoDB filter applied while reading index partitions (budget bounds, the non-key side of a filter). */
export interface EntryFilter {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/**
 * Most entries one request examines in one partition while a filter leaves its page short, so a
 * filter that matches little costs the same however many open posts there are.
 */
export const MAX_FILTERED_ENTRIES_PER_PARTITION = 1000;

interface PartitionRead {
  items: (StoredPost & { sk: string })[];
  /** Set when the read stopped at the cap with entries left: every match from this sort key up was read. */
  stoppedAt?: string;
}

/**
 * Up to `want` entries of one partition, newest first, older than `before` (a sort key), passing
 * `filter`. Reads on while a filter leaves a page short, up to MAX_FILTERED_ENTRIES_PER_PARTITION
 * examined entries.
 */
/**
 * Every read of the open index keeps only entries not yet expired (docs/access-patterns.md, pattern 23):
 * an entry from before expiry existed has no `expiresAt` and stays (see the migration there).
 */
export const notExpiredFilter = (now = new Date().toISOString()): EntryFilter => ({
  expression: '(attribute_not_exists(#expiresAt) OR #expiresAt > :now)',
  names: { '#expiresAt': 'expiresAt' },
  values: { ':now': now },
});

const withNotExpired = (filter?: EntryFilter): EntryFilter => {
  const open = notExpiredFilter();
  if (!filter) return open;
  return {
    expression: `${open.expression} AND (${filter.expression})`,
    names: { ...open.names, ...filter.names },
    values: { ...open.values, ...filter.values },
  };
};

export async function readPartition(
  pk: string,
  opts: { want: number; before?: string; filter?: EntryFilter },
): Promise<PartitionRead> {
  const items: (StoredPost & { sk: string })[] = [];
  let start: Record<string, unknown> | undefined;
  let examined = 0;
  const filter = withNotExpired(opts.filter);
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: opts.before ? 'pk = :pk AND sk < :before' : 'pk = :pk',
        FilterExpression: filter.expression,
        ExpressionAttributeNames: filter.names,
        ExpressionAttributeValues: { ':pk': pk, ...(opts.before ? { ':before': opts.before } : {}), ...filter.values },
        ScanIndexForward: false,
        // The expiry filter drops few entries (they leave with the hourly job): a page reads what it needs, and reads on when short.
        Limit: opts.filter
          ? Math.min(Math.max(opts.want, 50), MAX_FILTERED_ENTRIES_PER_PARTITION - examined)
          : Math.min(opts.want, MAX_FILTERED_ENTRIES_PER_PARTITION - examined),
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) items.push({ ...toStoredPost(item), sk: String(item.sk) });
    examined += out.ScannedCount ?? out.Items?.length ?? 0;
    start = out.LastEvaluatedKey;
  } while (start && items.length < opts.want && examined < MAX_FILTERED_ENTRIES_PER_PARTITION);
  const stoppedAt = start && items.length < opts.want ? String(start.sk) : undefined;
  return { items: items.slice(0, opts.want), ...(stoppedAt ? { stoppedAt } : {}) };
}

/**
 * One page of the merge of several partitions, newest first, each post once. Every partition is
 * sorted by the same key (`{createdAt}#{postId}`, the same for all entries of one post), so the
 * position in the merged list is a single sort key: the cursor is that key, and the next page reads
 * every partition from just below it (`sk < key`). Each partition is asked for `limit + 1` entries,
 * so a further page exists exactly when the merge holds more than `limit` posts. A partition whose
 * read stopped at the cap is complete only down to where it stopped (that entry included): the page
 * keeps only posts from the highest such stop up, and when that leaves it short (even empty) the
 * cursor is that stop.
 */
export async function mergedOpenPage(
  partitions: string[],
  opts: { limit: number; before?: string; filter?: EntryFilter },
) {
  const reads = await Promise.all(
    partitions.map((pk) => readPartition(pk, { want: opts.limit + 1, before: opts.before, filter: opts.filter })),
  );
  const stops = reads.map((r) => r.stoppedAt).filter((s): s is string => s !== undefined);
  const horizon = stops.length ? stops.reduce((a, b) => (a > b ? a : b)) : undefined;
  const byId = new Map<string, StoredPost & { sk: string }>();
  for (const read of reads)
    for (const item of read.items)
      if (!byId.has(item._id) && (!horizon || item.sk >= horizon)) byId.set(item._id, item);
  const merged = [...byId.values()].sort((a, b) => (a.sk < b.sk ? 1 : a.sk > b.sk ? -1 : 0));
  const page = merged.slice(0, opts.limit);
  const next = merged.length > opts.limit ? page[page.length - 1].sk : horizon;
  return { items: page.map(({ sk: _sk, ...post }) => post as StoredPost), next };
}

/** The newest `count` open posts of all (every shard merged). */
export async function newestOpenOfAll(count: number): Promise<StoredPost[]> {
  return (await mergedOpenPage(openAllPartitions(), { limit: count })).items;
}

/** The newest `count` open posts of a partition (no cursor). */
export async function newestOpen(pk: string, count: number): Promise<StoredPost[]> {
  return (await readPartition(pk, { want: count })).items.map(({ sk: _sk, ...post }) => post as StoredPost);
}
