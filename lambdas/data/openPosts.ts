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
  /**
   * Clauses joined by AND, an OR among them in parentheses, so the expression can be ANDed with another as it is
   * (DynamoDB refuses redundant parentheses: `a AND ((b OR c))` is a ValidationException).
   */
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/**
 * Most entries one request examines, over every partition it reads, while a caller's filter leaves its page short
 * (each of k partitions gets an equal share, and never less than a page): a filter that matches little costs the
 * same however many open posts there are and however many values were asked for.
 */
export const MAX_FILTERED_ENTRIES_PER_REQUEST = 1000;

/**
 * The first Query of a filtered read examines at least this many entries (a budget range usually matches a good part
 * of a partition, so one Query fills the page); a next Query is sized from the share the first ones matched.
 */
const FIRST_FILTERED_READ = 50;
/** How far past the estimate a next Query reads, so that the estimate falling a little short costs no round trip. */
const FILTERED_READ_MARGIN = 1.5;
/** Without a match yet, a next Query reads this many times what was examined so far. */
const FILTERED_READ_GROWTH = 3;

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
    expression: `${open.expression} AND ${filter.expression}`,
    names: { ...open.names, ...filter.names },
    values: { ...open.values, ...filter.values },
  };
};

/**
 * How many entries the next Query of a filtered read examines: what the share matched so far says the rest of the
 * page needs, with a margin (or, with no match yet, a multiple of what was examined), and never fewer than all the
 * Queries before it examined (a share that falls as the read goes on to older entries still takes few Queries: the
 * entries examined at least double with each), within what is left to examine.
 */
function nextFilteredRead(want: number, kept: number, examined: number, left: number): number {
  if (examined === 0) return Math.min(Math.max(want, FIRST_FILTERED_READ), left);
  const estimate =
    kept > 0 ? Math.ceil(((want - kept) * examined * FILTERED_READ_MARGIN) / kept) : examined * FILTERED_READ_GROWTH;
  return Math.min(Math.max(estimate, examined), left);
}

/**
 * Up to `want` entries of one partition, newest first, older than `before` (a sort key), passing `filter`.
 * Without a caller's filter this is exactly one Query of `want` entries (the expiry filter drops few: the
 * hourly job removes expired entries; a page it shortens is answered short, with the cursor where the Query
 * stopped). With a caller's filter (budget, the non-key side of a filter) one Query of at least 50 entries, which
 * fills the page whenever the filter matches a fair share; while the page is short it reads on, each next Query
 * sized from the share matched so far (nextFilteredRead), up to `maxExamined` entries: its cost is the entries
 * examined, the same as one Query that returned the page, in a few round trips (1,000 entries in at most six Queries, or
 * a few more where entries are so large that a Query stops at DynamoDB's 1 MB; four when nothing matches: 50, 150,
 * 600, the rest).
 */
export async function readPartition(
  pk: string,
  opts: { want: number; before?: string; filter?: EntryFilter; maxExamined?: number },
): Promise<PartitionRead> {
  const items: (StoredPost & { sk: string })[] = [];
  let start: Record<string, unknown> | undefined;
  let examined = 0;
  const cap = Math.max(opts.maxExamined ?? MAX_FILTERED_ENTRIES_PER_REQUEST, opts.want);
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
        Limit: opts.filter ? nextFilteredRead(opts.want, items.length, examined, cap - examined) : opts.want,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) items.push({ ...toStoredPost(item), sk: String(item.sk) });
    examined += out.ScannedCount ?? out.Items?.length ?? 0;
    start = out.LastEvaluatedKey;
  } while (opts.filter && start && items.length < opts.want && examined < cap);
  // More read than wanted (a filtered read's last Query): the page ends at the last entry kept.
  if (items.length > opts.want) return { items: items.slice(0, opts.want), stoppedAt: items[opts.want - 1].sk };
  return { items, ...(start ? { stoppedAt: String(start.sk) } : {}) };
}

/**
 * One page of the merge of one or more partitions, newest first, each post once. Every partition is sorted
 * by the same key (`{createdAt}#{postId}`, the same for all entries of one post), so the position in the
 * merged list is a single sort key: the cursor is that key, and the next page reads every partition from just
 * below it (`sk < key`). The partitions are read at once (one round trip for the page, whatever their number; the
 * caller bounds it: MAX_FILTER_PARTITIONS), each asked for `limit` entries, so a page is full whichever partitions
 * its posts are in; with a caller's filter the partitions share MAX_FILTERED_ENTRIES_PER_REQUEST examined entries.
 * A partition that holds more than it answered is complete only down to where its read stopped (that entry
 * included): the page keeps only posts from the highest such stop up, and when that leaves it no longer than
 * `limit`, the cursor is that stop. With one partition (the available list, one category, one town, one pair) a
 * page is exactly one Query (with a caller's filter, one Query whenever its first 50 entries fill the page) and its
 * cursor is where that Query stopped.
 */
export async function mergedOpenPage(
  partitions: string[],
  opts: { limit: number; before?: string; filter?: EntryFilter },
) {
  const maxExamined = Math.floor(MAX_FILTERED_ENTRIES_PER_REQUEST / Math.max(partitions.length, 1));
  const reads = await Promise.all(
    partitions.map((pk) =>
      readPartition(pk, { want: opts.limit, before: opts.before, filter: opts.filter, maxExamined }),
    ),
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
