/**
 * Posts as stored (`POST#{id}` / `POST`, GSI1 `USERPOSTS#{userId}` / `{createdAt}#{id}`): patterns 9
 * and 10, and the create / delete transactions of docs/access-patterns.md.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys, stripKeys } from './keys';
import { openIndexDeletes, openIndexPuts, type StoredPost } from './openPosts';
import { queryPage, type Page, type PageRequest } from './query';
import { conflict } from '../lib/errors';
import { chunk, transact, TransactionRefused, type TransactItem } from './transact';

export type { StoredPost } from './openPosts';

export async function getPostById(id: string): Promise<StoredPost | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: table(), Key: keys.post(id) }));
  return Item ? (stripKeys(Item) as unknown as StoredPost) : undefined;
}

/** The post and its open-index entries in one transaction (at most 1 + 2 + 2 x 9 items). */
export async function createPostRecord(post: StoredPost): Promise<void> {
  await transact([
    {
      Put: {
        TableName: table(),
        Item: { ...keys.post(post._id), ...keys.userPostsIndex(post.userId, post.createdAt, post._id), ...post },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...openIndexPuts(post),
  ]);
}

/** Posts of a client, newest first (pattern 10). */
export async function listPostsOfUser(userId: string, page: PageRequest): Promise<Page<StoredPost>> {
  const result = await queryPage<Record<string, unknown>>({ index: 'GSI1', partition: `USERPOSTS#${userId}` }, page);
  return { ...result, items: result.items.map((i) => stripKeys(i) as unknown as StoredPost) };
}

interface OfferRef { _id: string; businessId: string }

/** All offers of a post (pattern 11: GSI1 `POSTOFFERS#{postId}`), every page. */
async function offersOfPost(postId: string): Promise<OfferRef[]> {
  const offers: OfferRef[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryPage<OfferRef>({ index: 'GSI1', partition: `POSTOFFERS#${postId}` }, { limit: 100, cursor });
    offers.push(...page.items.map((o) => ({ _id: o._id, businessId: o.businessId })));
    cursor = page.nextCursor;
  } while (cursor);
  return offers;
}

/**
 * Delete a post of `ownerUserId`: first the post and its open-index entries in one transaction
 * (condition: it still exists and belongs to the owner), then its offers and their OFFERBY guards in
 * chunks of the transaction limit. Once the post is gone no offer can be added to it (creating an
 * offer checks the post is open), so the offers read afterwards are all there are. Entries of every
 * partition are deleted whatever the status read was: deleting an absent item is a no-op, and the
 * status may have changed since. Returns false when the post was no longer there or not the owner's.
 */
export async function deletePostRecord(post: StoredPost, ownerUserId: string): Promise<boolean> {
  try {
    await transact([
      {
        Delete: {
          TableName: table(),
          Key: keys.post(post._id),
          ConditionExpression: 'attribute_exists(pk) AND userId = :owner',
          ExpressionAttributeValues: { ':owner': ownerUserId },
        },
      },
      ...openIndexDeletes(post),
    ]);
  } catch (err) {
    if (err instanceof TransactionRefused && err.conditionFailed(0)) return false;
    if (err instanceof TransactionRefused && err.conflict) throw conflict('The post changed at the same time. Please try again.');
    throw err;
  }
  const offerItems: TransactItem[] = (await offersOfPost(post._id)).flatMap((o) => [
    { Delete: { TableName: table(), Key: keys.offer(o._id) } },
    { Delete: { TableName: table(), Key: keys.offerGuard(post._id, o.businessId) } },
  ]);
  for (const items of chunk(offerItems)) await transact(items);
  return true;
}
