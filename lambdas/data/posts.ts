/**
 * Posts as stored (`POST#{id}` / `POST`, GSI1 `USERPOSTS#{userId}` / `{createdAt}#{id}`): patterns 9
 * and 10, and the create / delete transactions of docs/access-patterns.md.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { openIndexDeletes, openIndexPuts } from './openPosts';
import { type StoredPost } from '../model/posts';
import { getRecord, queryPage, type Page, type PageRequest } from './query';
import { conflict, refuse } from '../lib/errors';
import { postCondition, postRefusal } from '../model/postLife';
import { businessCounter } from './offers';
import { chunk, MAX_TRANSACTION_ITEMS, transact, TransactionRefused, type TransactItem } from './transact';

export const getPostById = (id: string) => getRecord<StoredPost>(keys.post(id));

/** The post and its open-index entries in one transaction (at most 1 + 2 + 2 x 9 items). */
export async function createPostRecord(post: StoredPost): Promise<void> {
  await transact([
    {
      Put: {
        TableName: table(),
        Item: {
          ...keys.post(post._id),
          ...keys.userPostsIndex(post.userId, post.createdAt, post._id),
          ...keys.postExpiryIndex(post),
          ...post,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...openIndexPuts(post),
  ]);
}

/** Posts of a client, newest first (pattern 10). */
export const listPostsOfUser = (userId: string, page: PageRequest): Promise<Page<StoredPost>> =>
  queryPage<StoredPost>({ index: 'GSI1', partition: keys.userPostsPartition(userId) }, page);

export interface OfferRef {
  _id: string;
  businessId: string;
}

/**
 * All offers of a post, read from their one-per-business OFFERBY guards in the post's own partition
 * (`POST#{postId}` / `OFFERBY#{businessId}`, holding the offer id) with a strongly consistent Query:
 * unlike the offers' index (GSI1 `POSTOFFERS#`, eventually consistent) it cannot miss an offer
 * created just before the post was deleted. Every page.
 */
export async function offersOfPost(postId: string): Promise<OfferRef[]> {
  const offers: OfferRef[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :guard)',
        ExpressionAttributeValues: { ':pk': keys.post(postId).pk, ':guard': 'OFFERBY#' },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const guard of out.Items ?? []) {
      offers.push({ _id: guard.offerId as string, businessId: String(guard.sk).slice('OFFERBY#'.length) });
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return offers;
}

/**
 * Delete a post of `ownerUserId`: first the post and its open-index entries in one transaction
 * (condition: it still exists, belongs to the owner and has no accepted offer: else 409), then its offers (see deleteOffersOfPost).
 * Entries of every partition are deleted whatever the status read was: deleting an absent item is a
 * no-op, and the status may have changed since. Returns false when the post was no longer there or
 * not the owner's.
 */
export async function deletePostRecord(post: StoredPost, ownerUserId: string): Promise<boolean> {
  // The states the request's `delete` transition leaves from (never while an offer is accepted: the acceptance may
  // have come since it was read).
  const life = postCondition('delete', new Date().toISOString());
  try {
    await transact([
      {
        Delete: {
          TableName: table(),
          Key: keys.post(post._id),
          ConditionExpression: `attribute_exists(pk) AND userId = :owner AND ${life.expression}`,
          ExpressionAttributeNames: life.names,
          ExpressionAttributeValues: { ':owner': ownerUserId, ...life.values },
        },
      },
      ...openIndexDeletes(post),
    ]);
  } catch (err) {
    if (err instanceof TransactionRefused && err.conditionFailed(0)) {
      const now = await getPostById(post._id);
      const refusal = now && now.userId === ownerUserId && postRefusal('delete', now, new Date().toISOString());
      if (refusal) throw refuse(refusal);
      return false;
    }
    if (err instanceof TransactionRefused && err.conflict)
      throw conflict('The post changed at the same time. Please try again.', 'CONCURRENT_CHANGE');
    throw err;
  }
  await deleteOffersOfPost(post._id);
  return true;
}

/** Items that remove one offer: the offer (only while it exists), its guard, one off its business's offersCount. */
const OFFER_REMOVAL_ITEMS = 3;
function offerRemoval(postId: string, o: OfferRef): TransactItem[] {
  const { onConditionFailed: _message, ...counter } = businessCounter(o.businessId, 'offersCount', -1);
  return [
    { Delete: { TableName: table(), Key: keys.offer(o._id), ConditionExpression: 'attribute_exists(pk)' } },
    { Delete: { TableName: table(), Key: keys.offerGuard(postId, o.businessId) } },
    counter,
  ];
}

/**
 * The offers of a deleted post, their OFFERBY guards and their count on each business profile go in
 * transactions of at most 33 offers (3 items each, under the 100-item limit). Once the post is gone
 * no offer can be added to it (creating an offer checks the post is open), so the offers read
 * afterwards are all there are. An offer deleted meanwhile by its business (which decremented the
 * count itself) fails its `attribute_exists` condition: it is dropped and the rest retried, so no
 * count moves twice.
 */
async function deleteOffersOfPost(postId: string): Promise<void> {
  const perTransaction = Math.floor(MAX_TRANSACTION_ITEMS / OFFER_REMOVAL_ITEMS);
  // A business has one guard per post, so no transaction touches a business's guard or counter twice.
  for (let offers of chunk(await offersOfPost(postId), perTransaction)) {
    for (let attempt = 0; offers.length > 0; attempt++) {
      try {
        await transact(offers.flatMap((o) => offerRemoval(postId, o)));
        break;
      } catch (err) {
        if (!(err instanceof TransactionRefused) || attempt >= perTransaction) throw err;
        const gone = offers.filter((_, i) => err.conditionFailed(i * OFFER_REMOVAL_ITEMS));
        if (gone.length === 0) throw err;
        offers = offers.filter((o) => !gone.includes(o));
      }
    }
  }
}
