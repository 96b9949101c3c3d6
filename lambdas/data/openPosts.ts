/**
 * The open-post index: copies of an open post under `OPEN` (all open posts, one partition, so the available
 * list and every next page of it is one Query), `OPEN#C#{cat}`, `OPEN#T#{town}` and `OPEN#C#{cat}#T#{town}`
 * (sort key `{createdAt}#{id}`), so that available, filtered and suggested lists are Queries. The entries
 * exist exactly while the post is open; these builders give the transaction items that add or remove them,
 * to be put in the same TransactWriteItems as the state change of the post.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys, stripKeys } from '../model/keys';
import { ddb, table } from './client';
import type { StoredPost } from '../model/posts';
import { openIndexEntryKeys, openIndexPartitions } from '../model/posts';

/** The Update clause (with its values) moving a post's `summaryVersion`, in every write of its status or hidden mark. */
export const SUMMARY_VERSION_BUMP = 'summaryVersion = if_not_exists(summaryVersion, :summaryZero) + :summaryStep';
export const SUMMARY_VERSION_VALUES = { ':summaryZero': 0, ':summaryStep': 1 } as const;

/** What an open-index entry holds: the post as open (its acceptance and close fields left out). */
export const openEntryFields = (post: StoredPost) => {
  const {
    acceptedOfferId: _ignored,
    closedReason: _reason,
    closedAt: _closedAt,
    summaryVersion: _version,
    ...rest
  } = post;
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
  return openIndexEntryKeys(post).map((Key) => ({ Delete: { TableName: table(), Key } }));
}

// ---- Reading the index (patterns 6, 7 and 8) ----

const toStoredPost = (item: Record<string, unknown>) => stripKeys(item) as unknown as StoredPost;

/** Open posts newest first (pattern 6): one Query of `OPEN` per page, the cursor its last sort key. */
export const listOpenPosts = (opts: { limit: number; before?: string }) => mergedOpenPage([keys.openAll], opts);

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
  /** Set when the partition holds more than was read: every entry from this sort key up was read. */
  stoppedAt?: string;
}

/** Every read of the open index keeps only entries not yet expired (docs/access-patterns.md, patterns 6 to 8). */
export const notExpiredFilter = (now = new Date().toISOString()): EntryFilter => ({
  expression: '#expiresAt > :now',
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

/**
 * Up to `want` entries of one partition, newest first, older than `before` (a sort key), passing `filter`.
 * Without a caller's filter this is exactly one Query of `want` entries (the expiry filter drops few: the
 * hourly job removes expired entries; a page it shortens is answered short, with the cursor where the Query
 * stopped). With a caller's filter (budget, the non-key side of a filter) it reads on while the page is short,
 * up to MAX_FILTERED_ENTRIES_PER_PARTITION examined entries: its cost is the entries examined, the same as
 * one Query that returned the page.
 */
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
        Limit: opts.filter
          ? Math.min(Math.max(opts.want, 50), MAX_FILTERED_ENTRIES_PER_PARTITION - examined)
          : opts.want,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) items.push({ ...toStoredPost(item), sk: String(item.sk) });
    examined += out.ScannedCount ?? out.Items?.length ?? 0;
    start = out.LastEvaluatedKey;
  } while (opts.filter && start && items.length < opts.want && examined < MAX_FILTERED_ENTRIES_PER_PARTITION);
  // More read than wanted (a filtered read's last Query): the page ends at the last entry kept.
  if (items.length > opts.want) return { items: items.slice(0, opts.want), stoppedAt: items[opts.want - 1].sk };
  return { items, ...(start ? { stoppedAt: String(start.sk) } : {}) };
}

/**
 * One page of the merge of one or more partitions, newest first, each post once. Every partition is sorted
 * by the same key (`{createdAt}#{postId}`, the same for all entries of one post), so the position in the
 * merged list is a single sort key: the cursor is that key, and the next page reads every partition from just
 * below it (`sk < key`). Each partition is asked for `limit` entries. A partition that holds more than it
 * answered is complete only down to where its read stopped (that entry included): the page keeps only posts
 * from the highest such stop up, and when that leaves it no longer than `limit`, the cursor is that stop.
 * With one partition (the available list, one category, one town, one pair) a page is exactly one Query
 * and its cursor is where that Query stopped.
 */
export async function mergedOpenPage(
  partitions: string[],
  opts: { limit: number; before?: string; filter?: EntryFilter },
) {
  const reads = await Promise.all(
    partitions.map((pk) => readPartition(pk, { want: opts.limit, before: opts.before, filter: opts.filter })),
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

/** The newest `count` open posts of all (one Query of `OPEN`). */
export const newestOpenOfAll = (count: number): Promise<StoredPost[]> => newestOpen(keys.openAll, count);

/** The newest `count` open posts of a partition (no cursor). */
export async function newestOpen(pk: string, count: number): Promise<StoredPost[]> {
  return (await readPartition(pk, { want: count })).items.map(({ sk: _sk, ...post }) => post as StoredPost);
}
