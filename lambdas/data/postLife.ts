/**
 * Closing, expiring and reopening a request, and revising an offer (docs/access-patterns.md, "State
 * changes" and pattern 23). Each state change of the post is one transaction with its open-index
 * entries and its expiry entry (`EXPIRES#S#{n}` / `{expiresAt}#{id}` on the second index), so the lists and the
 * expiry job never see half of it.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PostClosedReason } from '../../common/constants';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { openIndexDeletes, openIndexPuts, SUMMARY_VERSION_BUMP, SUMMARY_VERSION_VALUES } from './openPosts';
import { type StoredPost } from '../model/posts';
import { offersOfPost } from './posts';
import { getOffer, offerTransition } from './offers';
import { isConditionFailed, transactWrite, type GuardedItem } from './transact';
import { REFUSALS as LIFE, expiryFrom } from '../model/postLife';
import { REFUSALS as OFFER_REFUSALS } from '../domain/offers';
import { type StoredOffer } from '../model/offers';

/**
 * Close an open post: `closed` with its reason, out of every open list and of the expiry index. The
 * client's close is conditional on its ownership; the job's on the expiry having passed (a post
 * reopened meanwhile is left alone). Then its pending offers are declined (declinePendingOffers).
 */
export async function closePost(
  post: StoredPost,
  how: { reason: 'client'; ownerUserId: string } | { reason: 'expired' },
  now: string,
): Promise<void> {
  const condition = how.reason === 'client' ? '#s = :open AND userId = :owner' : '#s = :open AND expiresAt <= :now';
  await transactWrite([
    {
      Update: {
        TableName: table(),
        Key: keys.post(post._id),
        UpdateExpression: `SET #s = :closed, closedReason = :reason, closedAt = :now, ${SUMMARY_VERSION_BUMP} REMOVE gsi2pk, gsi2sk`,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':closed': 'closed',
          ':open': 'open',
          ':reason': how.reason satisfies PostClosedReason,
          ':now': now,
          ...(how.reason === 'client' ? { ':owner': how.ownerUserId } : {}),
          ...SUMMARY_VERSION_VALUES,
        },
      },
      onConditionFailed: {
        message: 'The request changed at the same time. Reload and try again.',
        code: 'CONCURRENT_CHANGE',
      },
    },
    ...openIndexDeletes(post),
  ]);
  await declinePendingOffers(post._id, how.reason);
}

/**
 * The pending offers of a closed post become declined, each a conditional update (an offer its
 * business deleted or that changed meanwhile is left as it is) that also records why
 * (`requestClosedReason`), so the notifier tells its business the request closed rather than that the
 * offer was declined. Read through the post's guards with a strongly consistent Query: no offer can be
 * added to a closed post, so none is missed.
 */
export async function declinePendingOffers(postId: string, reason: PostClosedReason): Promise<void> {
  const refs = await offersOfPost(postId);
  const offers = (await Promise.all(refs.map((r) => getOffer(r._id)))).filter(
    (o): o is StoredOffer => o?.status === 'pending',
  );
  await Promise.all(
    offers.map(async (offer) => {
      const { Update } = offerTransition(offer, 'pending', 'declined') as {
        Update: ConstructorParameters<typeof UpdateCommand>[0];
      };
      try {
        await ddb().send(
          new UpdateCommand({
            ...Update,
            UpdateExpression: `${Update.UpdateExpression}, requestClosedReason = :reason`,
            ExpressionAttributeValues: { ...Update.ExpressionAttributeValues, ':reason': reason },
          }),
        );
      } catch (err) {
        if (!isConditionFailed(err)) throw err;
      }
    }),
  );
}

/**
 * Reopen a closed (or expired) post of `ownerUserId` for another POST_OPEN_DAYS, once: condition
 * `attribute_not_exists(reopenedAt)`. Its entries and expiry entry are written again. Answers the post as stored now.
 */
export async function reopenPost(post: StoredPost, ownerUserId: string, now: string): Promise<StoredPost> {
  const expiresAt = expiryFrom(now);
  const { closedReason: _r, closedAt: _c, ...rest } = post;
  const reopened: StoredPost = { ...rest, status: 'open', expiresAt, reopenedAt: now };
  const { gsi2pk, gsi2sk } = keys.postExpiryIndex({ _id: post._id, expiresAt });
  await transactWrite([
    {
      Update: {
        TableName: table(),
        Key: keys.post(post._id),
        UpdateExpression: `SET #s = :open, expiresAt = :expiresAt, reopenedAt = :now, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk, ${SUMMARY_VERSION_BUMP} REMOVE closedReason, closedAt`,
        ConditionExpression:
          'userId = :owner AND attribute_not_exists(reopenedAt) AND (#s = :closed OR (#s = :open AND expiresAt <= :now))',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':open': 'open',
          ':closed': 'closed',
          ':expiresAt': expiresAt,
          ':now': now,
          ':owner': ownerUserId,
          ':gsi2pk': gsi2pk,
          ':gsi2sk': gsi2sk,
          ...SUMMARY_VERSION_VALUES,
        },
      },
      onConditionFailed: LIFE.alreadyReopened,
    },
    ...openIndexPuts(reopened),
  ]);
  return reopened;
}

/** Revise a pending offer's price and message, on condition it is still pending and the post open. */
export async function reviseOffer(
  offer: StoredOffer,
  changes: { price: number; message: string },
  now: string,
): Promise<StoredOffer> {
  const items: GuardedItem[] = [
    {
      Update: {
        TableName: table(),
        Key: keys.offer(offer._id),
        UpdateExpression: 'SET price = :price, message = :message, revisedAt = :now, updatedAt = :now',
        ConditionExpression: '#s = :pending AND businessId = :businessId',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':price': changes.price,
          ':message': changes.message,
          ':now': now,
          ':pending': 'pending',
          ':businessId': offer.businessId,
        },
      },
      onConditionFailed: OFFER_REFUSALS.onlyPendingRevised,
    },
    {
      ConditionCheck: {
        TableName: table(),
        Key: keys.post(offer.postId),
        ConditionExpression: '#s = :open AND expiresAt > :now',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':open': 'open', ':now': now },
      },
      onConditionFailed: OFFER_REFUSALS.postNotOpen,
    },
  ];
  await transactWrite(items);
  return { ...offer, ...changes, revisedAt: now, updatedAt: now };
}
