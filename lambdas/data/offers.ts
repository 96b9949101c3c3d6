/**
 * Offers (`OFFER#{id}`; GSI1 `POSTOFFERS#{postId}`, GSI2 `BUSINESSOFFERS#{businessId}`) and the
 * one-offer-per-business guard (`POST#{postId}` / `OFFERBY#{businessId}`, holding the offer id).
 * Every state change is one TransactWriteItems whose conditions re-check the state the handler read,
 * so concurrent requests cannot both win (docs/access-patterns.md, "State changes").
 */
import type { PlanId } from '../../common/constants';
import { table } from './client';
import { offerQuotaItem } from './plans';
import { clientDecision, postAccepted } from './negotiation';
import { keys } from '../model/keys';
import { openIndexPuts, SUMMARY_VERSION_BUMP, SUMMARY_VERSION_VALUES } from './openPosts';
import { type StoredPost } from '../model/posts';
import { getRecord, queryPage, type Page, type PageRequest } from './query';
import { transactWrite, type GuardedItem } from './transact';
import { type Refusal } from '../lib/errors';
import { OFFER_LIFE, REFUSALS } from '../model/offerLife';
import { openForOffersCondition, postCondition, postRaceRefusal } from '../model/postLife';
import { type StoredOffer } from '../model/offers';
import { isGonePostCopy } from '../model/copies';

export const getOffer = (id: string) => getRecord<StoredOffer>(keys.offer(id));

/** The offer a business made on a post, through the guard item (no filter over the post's offers). */
export async function getOfferOfBusinessOnPost(postId: string, businessId: string): Promise<StoredOffer | undefined> {
  const guard = await getRecord<{ offerId?: string }>(keys.offerGuard(postId, businessId));
  return guard?.offerId ? getOffer(guard.offerId) : undefined;
}

export const listOffersOfPost = (postId: string, page: PageRequest): Promise<Page<StoredOffer>> =>
  queryPage<StoredOffer>({ index: 'GSI1', partition: `POSTOFFERS#${postId}` }, page);

export const listOffersOfBusiness = (businessId: string, page: PageRequest): Promise<Page<StoredOffer>> =>
  queryPage<StoredOffer>({ index: 'GSI2', partition: `BUSINESSOFFERS#${businessId}` }, page);

/** Adds `delta` to the offers counter shown on the business profile (the review moves the others: data/finishedJobs.ts). */
export const businessCounter = (businessId: string, counter: 'offersCount', delta: number): GuardedItem => ({
  Update: {
    TableName: table(),
    Key: keys.business(businessId),
    UpdateExpression: 'ADD #c :d',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#c': counter },
    ExpressionAttributeValues: { ':d': delta },
  },
  onConditionFailed: { message: 'The business no longer exists', code: 'NOT_FOUND' },
});

/**
 * A transition of lambdas/model/offerLife.ts that appends no history step (its request closed; the review), on
 * condition the offer still has the status it leaves from and belongs to its post.
 */
export const offerTransition = (
  offer: Pick<StoredOffer, '_id' | 'postId'>,
  name: 'requestClosed' | 'finish',
  onConditionFailed: Refusal = REFUSALS.offerChanged,
  now = new Date().toISOString(),
): GuardedItem => {
  const t = OFFER_LIFE[name];
  return {
    Update: {
      TableName: table(),
      Key: keys.offer(offer._id),
      UpdateExpression: 'SET #s = :to, updatedAt = :now',
      ConditionExpression: '#s = :from AND postId = :postId',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':to': t.to, ':from': t.from[0], ':postId': offer.postId, ':now': now },
    },
    onConditionFailed,
  };
};

/** The post's expiry entry (its second-index keys), set while it is open (docs/access-patterns.md, pattern 23). */
const expiryIndexSet = (post: StoredPost) => {
  const { gsi2pk, gsi2sk } = keys.postExpiryIndex(post);
  return { expression: ', gsi2pk = :gsi2pk, gsi2sk = :gsi2sk', values: { ':gsi2pk': gsi2pk, ':gsi2sk': gsi2sk } };
};

/** The post reopens (its `reopenOnCancel` transition): its acceptance goes, its open-index entries (and expiry entry) come back. */
const reopenPost = (post: StoredPost, offerId: string): GuardedItem[] => {
  const life = postCondition('reopenOnCancel', new Date().toISOString());
  return [
    {
      Update: {
        TableName: table(),
        Key: keys.post(post._id),
        UpdateExpression: `SET ${life.set}, ${SUMMARY_VERSION_BUMP}${expiryIndexSet(post).expression} REMOVE acceptedOfferId`,
        ConditionExpression: `${life.expression} AND acceptedOfferId = :offerId`,
        ExpressionAttributeNames: life.names,
        ExpressionAttributeValues: {
          ...life.values,
          ':offerId': offerId,
          ...expiryIndexSet(post).values,
          ...SUMMARY_VERSION_VALUES,
        },
      },
      onConditionFailed: postRaceRefusal('reopenOnCancel'),
    },
    ...openIndexPuts(post),
  ];
};

/**
 * The offer's copy of its post is the post as it still is: its `summaryVersion` has not moved since it was read (a
 * hide, or an accept and its cancel, meanwhile refuse the offer as for a post no longer open; the business tries again).
 */
function copiedVersion(offer: StoredOffer): { condition: string; values: Record<string, unknown> } {
  const copy = offer.post;
  if (!copy || isGonePostCopy(copy)) return { condition: '', values: {} };
  const condition =
    copy.v === 0
      ? ' AND (attribute_not_exists(summaryVersion) OR summaryVersion = :copied)'
      : ' AND summaryVersion = :copied';
  return { condition, values: { ':copied': copy.v } };
}

/**
 * The offer (with its copy of the post, domain/offers.ts postCopyOf), its guard, the post still open, the count, and
 * the month's offer quota of the business's plan (./plans.ts: 409 PLAN_LIMIT at the limit).
 */
export async function createOffer(offer: StoredOffer, plan: PlanId | undefined): Promise<void> {
  await transactWrite([
    {
      Put: {
        TableName: table(),
        Item: { ...keys.offer(offer._id), ...keys.offerIndexes(offer), ...offer },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: table(),
        Item: { ...keys.offerGuard(offer.postId, offer.businessId), offerId: offer._id, createdAt: offer.createdAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
      onConditionFailed: REFUSALS.alreadyOffered,
    },
    {
      ConditionCheck: {
        TableName: table(),
        Key: keys.post(offer.postId),
        ConditionExpression: `${openForOffersCondition(offer.createdAt).expression}${copiedVersion(offer).condition}`,
        ExpressionAttributeNames: openForOffersCondition(offer.createdAt).names,
        ExpressionAttributeValues: {
          ...openForOffersCondition(offer.createdAt).values,
          ...copiedVersion(offer).values,
        },
      },
      onConditionFailed: REFUSALS.postNotOpen,
    },
    businessCounter(offer.businessId, 'offersCount', 1),
    offerQuotaItem(offer.businessId, plan, offer.createdAt),
  ]);
}

/**
 * pending -> accepted (on the version the client acted on, while the offer is valid, closing an open counter-offer;
 * a step of its history); post open -> accepted; the post leaves the open-post index.
 */
export async function acceptOffer(offer: StoredOffer, post: StoredPost, now = new Date().toISOString()): Promise<void> {
  await transactWrite([
    clientDecision(offer, 'accept', now, REFUSALS.offerChanged),
    ...postAccepted(post, offer._id, now),
  ]);
}

/** accepted -> pending (a step of its history); the post reopens. */
export async function cancelAcceptance(
  offer: StoredOffer,
  post: StoredPost,
  now = new Date().toISOString(),
): Promise<void> {
  await transactWrite([clientDecision(offer, 'cancel', now, REFUSALS.offerChanged), ...reopenPost(post, offer._id)]);
}

/** pending -> declined (one conditional update, a step of its history; an open counter-offer closes). */
export async function declineOffer(offer: StoredOffer, now = new Date().toISOString()): Promise<void> {
  await transactWrite([clientDecision(offer, 'decline', now, REFUSALS.offerChanged)]);
}

/**
 * Removes the offer and its guard (the business may then offer again). An accepted offer's post
 * reopens in the same transaction. `post` is undefined when the post no longer exists.
 */
export async function deleteOffer(offer: StoredOffer, post: StoredPost | undefined): Promise<void> {
  const items: GuardedItem[] = [
    {
      Delete: {
        TableName: table(),
        Key: keys.offer(offer._id),
        ConditionExpression: '#s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': offer.status },
      },
      onConditionFailed: REFUSALS.offerChanged,
    },
    { Delete: { TableName: table(), Key: keys.offerGuard(offer.postId, offer.businessId) } },
    businessCounter(offer.businessId, 'offersCount', -1),
  ];
  if (offer.status === 'accepted' && post && post.acceptedOfferId === offer._id)
    items.push(...reopenPost(post, offer._id));
  await transactWrite(items);
}
