/** Finished jobs (`POST#{postId}` / `FINISHEDJOB`, GSI1 `BUSINESSJOBS#{businessId}`): one per post. */
import type { ReviewReply } from '../../common/types';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys, stripKeys } from '../model/keys';
import { conflict } from '../lib/errors';
import type { PriceBand } from '../../common/ideas';
import { ddb, table } from './client';
import { copiesAfterWrite } from './copies';
import { queryPage, type Page, type PageRequest } from './query';
import { getRecord } from './query';
import { CONCURRENT_CHANGE, transactWrite, type GuardedItem } from './transact';
import { offerTransition } from './offers';
import { REFUSALS as OFFER_REFUSALS } from '../model/offerLife';
import { postCondition, postRaceRefusal } from '../model/postLife';
import { SUMMARY_VERSION_BUMP, SUMMARY_VERSION_VALUES } from './openPosts';
import type { StoredFinishedJob } from '../model/reviews';

/**
 * The reviewed business's counters, in the review's transaction: one more finished job and review,
 * the stars added to its rating sum (ADD is atomic, so concurrent reviews of one business each
 * count once; the condition refuses a business that no longer exists), its card's version moved (the copies on
 * its offers, ads and search entries: lambdas/model/copies.ts COPIES.businessCard). One Update: a transaction may touch each item
 * only once.
 */
const reviewedBusiness = (businessId: string, rating: number, now: string): GuardedItem => ({
  Update: {
    TableName: table(),
    Key: keys.business(businessId),
    UpdateExpression:
      'ADD finishedJobsCount :one, reviewCount :one, ratingSum :stars, cardVersion :one SET reviewsChangedAt = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':one': 1, ':stars': rating, ':now': now },
  },
  onConditionFailed: { message: 'The business no longer exists', code: 'NOT_FOUND' },
});

/** Review: put the job (one per post), offer accepted -> finished, post accepted -> finished, the business's rating moves. */
export async function createFinishedJob(job: StoredFinishedJob): Promise<void> {
  const now = job.createdAt;
  const life = postCondition('finish', now);
  await transactWrite([
    {
      Put: {
        TableName: table(),
        Item: {
          ...keys.finishedJob(job.postId),
          ...keys.businessJobsIndex(job.businessId, job.createdAt, job._id),
          ...keys.finishedJobIdIndex(job._id),
          ...job,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
      onConditionFailed: { message: 'This post already has a review', code: 'POST_ALREADY_REVIEWED' },
    },
    offerTransition({ _id: job.offerId, postId: job.postId }, 'finish', OFFER_REFUSALS.notReviewable, now),
    {
      Update: {
        TableName: table(),
        Key: keys.post(job.postId),
        UpdateExpression: `SET ${life.set}, ${SUMMARY_VERSION_BUMP}`,
        ConditionExpression: `${life.expression} AND acceptedOfferId = :offerId`,
        ExpressionAttributeNames: life.names,
        ExpressionAttributeValues: {
          ...life.values,
          ':offerId': job.offerId,
          ...SUMMARY_VERSION_VALUES,
        },
      },
      onConditionFailed: postRaceRefusal('finish'),
    },
    reviewedBusiness(job.businessId, job.rating, now),
  ]);
}

export const listFinishedJobsOfBusiness = (businessId: string, page: PageRequest): Promise<Page<StoredFinishedJob>> =>
  queryPage<StoredFinishedJob>({ index: 'GSI1', partition: keys.businessJobsPartition(businessId) }, page);

/** The review (finished job) of a post, if it has one. */
export const getFinishedJobOfPost = (postId: string) => getRecord<StoredFinishedJob>(keys.finishedJob(postId));

/**
 * Write the business's reply on its review (the domain decided it may: lambdas/domain/reviews.ts). A first
 * reply on condition there is none yet; an edit on condition the stored reply is still the one read (the
 * same first time, so its edit window is the one checked). Either way only on the business's own review.
 * Another request changing it meanwhile: 409 CONCURRENT_CHANGE. The business's public page changed with it
 * (`reviewsChangedAt`, its sitemap lastmod), in the same transaction.
 */
export async function saveReviewReply(
  job: Pick<StoredFinishedJob, 'postId' | 'businessId'>,
  reply: ReviewReply,
  previous: ReviewReply | undefined,
): Promise<void> {
  const condition = previous
    ? 'businessId = :businessId AND reply.createdAt = :createdAt'
    : 'businessId = :businessId AND attribute_exists(pk) AND attribute_not_exists(reply)';
  await transactWrite(
    [
      {
        Update: {
          TableName: table(),
          Key: keys.finishedJob(job.postId),
          UpdateExpression: 'SET reply = :reply',
          ConditionExpression: condition,
          ExpressionAttributeValues: {
            ':reply': reply,
            ':businessId': job.businessId,
            ...(previous ? { ':createdAt': previous.createdAt } : {}),
          },
        },
        onConditionFailed: CONCURRENT_CHANGE,
      },
      {
        Update: {
          TableName: table(),
          Key: keys.business(job.businessId),
          UpdateExpression: 'SET reviewsChangedAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':now': reply.editedAt ?? reply.createdAt },
        },
        onConditionFailed: CONCURRENT_CHANGE,
      },
    ],
    { fallback: CONCURRENT_CHANGE },
  );
}

/**
 * The client's answer about the job's price band: whether it may show, the band (written once, from the accepted
 * price), `bandVersion` moved by one (the copies on its ideas follow it forward: lambdas/model/copies.ts COPIES.priceBand), on
 * condition the job is still the client's. Answers the job as written.
 */
export async function setBandConsent(
  job: StoredFinishedJob,
  show: boolean,
  band: PriceBand,
  now: string,
): Promise<StoredFinishedJob> {
  const command = new UpdateCommand({
    TableName: table(),
    Key: keys.finishedJob(job.postId),
    UpdateExpression:
      'SET bandConsent = :show, bandConsentAt = :now, priceBand = if_not_exists(priceBand, :band) ADD bandVersion :one',
    ConditionExpression: 'attribute_exists(pk) AND userId = :client',
    ExpressionAttributeValues: { ':show': show, ':now': now, ':band': band, ':one': 1, ':client': job.userId },
    ReturnValues: 'ALL_NEW',
  });
  const out = await ddb()
    .send(command)
    .catch((err: unknown) => {
      if ((err as { name?: string }).name === 'ConditionalCheckFailedException')
        throw conflict('The job changed at the same time. Please try again.', 'CONCURRENT_CHANGE');
      throw err;
    });
  // The band's copies on the job's ideas follow (lambdas/data/copies.ts, before the answer).
  copiesAfterWrite({ Update: command.input });
  return stripKeys(out.Attributes ?? {}) as unknown as StoredFinishedJob;
}
