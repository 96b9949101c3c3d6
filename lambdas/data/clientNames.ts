/**
 * A client's name on its posts (docs/access-patterns.md, "A client's name on its posts"): `clientName` is stored on
 * each post and on each open-index entry of it, so the post's detail, the client's posts and every open list answer
 * the current name with no read of the user. A rename (`PUT /user/{id}`) writes it onto all of them within part of
 * its time limit, the stream's notifier (lambdas/notify/clientNames.ts) finishes what it left.
 *
 * Every write is an Update on condition the item exists and holds another name: it never creates an item (an
 * entry deleted meanwhile stays deleted) and a copy that is right already is left alone, so running it again
 * changes nothing.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { openIndexEntryKeys } from './openPosts';
import { type StoredPost } from '../model/posts';
import { INDEXES } from '../model/schema';
import { chunk, conditionalWrite } from './transact';

type Key = { pk: string; sk: string };
type Start = Record<string, unknown> | undefined;

/** What finding a post's copies needs of it (read from the client's posts index). */
export type PostCopiesOf = Pick<StoredPost, '_id' | 'createdAt' | 'category' | 'location' | 'status' | 'hidden'> & {
  clientName?: string;
};

/** Posts of one client written at once: each has at most 2 + 2 x 9 entries in flight, then itself. */
export const RENAME_POSTS_IN_PARALLEL = 8;

/** What the rename reads of each post (every name aliased: several are DynamoDB reserved words). */
const PROJECTED = ['_id', 'createdAt', 'category', 'location', 'status', 'hidden', 'clientName'] as const;

/** One page (up to 100) of a client's posts, only what the rename needs of each. */
export async function clientPostsPage(userId: string, start: Start) {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: INDEXES.GSI1.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ProjectionExpression: PROJECTED.map((_, i) => `#a${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(PROJECTED.map((name, i) => [`#a${i}`, name])),
      ExpressionAttributeValues: { ':pk': keys.userPostsPartition(userId) },
      Limit: 100,
      ExclusiveStartKey: start,
    }),
  );
  return { posts: (out.Items ?? []) as PostCopiesOf[], next: out.LastEvaluatedKey as Start };
}

/**
 * The keys of a post's stored copies: its open-index entries while it is open (a hidden post has none), the post
 * itself last, so a post that shows the new name had its entries written before it.
 */
export function postCopyKeys(post: PostCopiesOf): Key[] {
  const entries = post.status === 'open' && !post.hidden ? openIndexEntryKeys(post) : [];
  return [...entries, keys.post(post._id)];
}

/** Writes `name` onto one stored copy; false when there is no such item or it holds that name already. */
export async function writeClientName(key: Key, name: string): Promise<boolean> {
  return conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: 'SET clientName = :name',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(clientName) OR clientName <> :name)',
      ExpressionAttributeValues: { ':name': name },
    }),
  );
}

/** Writes `name` onto a post's copies: its entries at once, then the post. Answers how many copies changed. */
export async function writeNameOnPost(post: PostCopiesOf, name: string): Promise<number> {
  const copies = postCopyKeys(post);
  const postKey = copies.pop()!;
  const entries = await Promise.all(copies.map((key) => writeClientName(key, name)));
  const changed = entries.filter(Boolean).length;
  return changed + ((await writeClientName(postKey, name)) ? 1 : 0);
}

/** What a rename wrote: copies changed, and whether every post was looked at (false: it stopped at its deadline). */
export interface RenameOutcome {
  changed: number;
  complete: boolean;
}

/**
 * After client `userId` was renamed to `name`: every post of it that does not show that name yet gets it, with its
 * open-index entries (RENAME_POSTS_IN_PARALLEL posts at a time, a page of posts after the other). A post that shows
 * the name already is skipped: its entries were written before it. With `until` (epoch ms) no batch starts after it:
 * the rest is left to the stream (lambdas/notify/clientNames.ts), which runs the same function without one.
 */
export async function renameClientPosts(
  userId: string,
  name: string,
  opts: { until?: number } = {},
): Promise<RenameOutcome> {
  let changed = 0;
  let start: Start;
  do {
    const page = await clientPostsPage(userId, start);
    const stale = page.posts.filter((p) => p.clientName !== name);
    for (const batch of chunk(stale, RENAME_POSTS_IN_PARALLEL)) {
      if (opts.until !== undefined && Date.now() >= opts.until) return { changed, complete: false };
      const counts = await Promise.all(batch.map((post) => writeNameOnPost(post, name)));
      changed += counts.reduce((a, b) => a + b, 0);
    }
    start = page.next;
  } while (start);
  return { changed, complete: true };
}
