/**
 * Closing, expiring and reopening a request (docs/access-patterns.md, "State changes" and pattern 23), each on the
 * conditions of its transition in lambdas/model/postLife.ts. Each state change of the post is one transaction with its open-index
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
import { isConditionFailed, transactWrite } from './transact';
import { expiryFrom, postCondition, postRaceRefusal } from '../model/postLife';
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
  const transition = how.reason === 'client' ? 'close' : 'expire';
  const life = postCondition(transition, now);
  await transactWrite([
    {
      Update: {
        TableName: table(),
        Key: keys.post(post._id),
        UpdateExpression: `SET ${life.set}, closedReason = :reason, closedAt = :closedAt, ${SUMMARY_VERSION_BUMP} REMOVE gsi2pk, gsi2sk`,
        ConditionExpression: how.reason === 'client' ? `${life.expression} AND userId = :owner` : life.expression,
        ExpressionAttributeNames: life.names,
        ExpressionAttributeValues: {
          ...life.values,
          ':reason': how.reason satisfies PostClosedReason,
          ':closedAt': now,
          ...(how.reason === 'client' ? { ':owner': how.ownerUserId } : {}),
          ...SUMMARY_VERSION_VALUES,
        },
      },
      onConditionFailed: postRaceRefusal(transition),
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
      const { Update } = offerTransition(offer, 'requestClosed') as {
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
  const life = postCondition('reopen', now);
  await transactWrite([
    {
      Update: {
        TableName: table(),
        Key: keys.post(post._id),
        UpdateExpression: `SET ${life.set}, expiresAt = :expiresAt, reopenedAt = :now, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk, ${SUMMARY_VERSION_BUMP} REMOVE closedReason, closedAt`,
        ConditionExpression: `userId = :owner AND ${life.expression}`,
        ExpressionAttributeNames: life.names,
        ExpressionAttributeValues: {
          ...life.values,
          ':expiresAt': expiresAt,
          ':now': now,
          ':owner': ownerUserId,
          ':gsi2pk': gsi2pk,
          ':gsi2sk': gsi2sk,
          ...SUMMARY_VERSION_VALUES,
        },
      },
      onConditionFailed: postRaceRefusal('reopen'),
    },
    ...openIndexPuts(reopened),
  ]);
  return reopened;
}
