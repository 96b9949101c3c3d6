/** Finished jobs (`POST#{postId}` / `FINISHEDJOB`, GSI1 `BUSINESSJOBS#{businessId}`): one per post. */
import { keys } from './keys';
import { table } from './client';
import { queryPage, type Page, type PageRequest } from './query';
import { transactWrite, type GuardedItem } from './transact';
import { offerTransition } from './offers';
import type { StoredFinishedJob } from '../domain/reviews';

/**
 * The reviewed business's counters, in the review's transaction: one more finished job and review,
 * the stars added to its rating sum (ADD is atomic, so concurrent reviews of one business each
 * count once; the condition refuses a business that no longer exists). One Update: a transaction
 * may touch each item only once.
 */
const reviewedBusiness = (businessId: string, rating: number): GuardedItem => ({
  Update: {
    TableName: table(),
    Key: keys.business(businessId),
    UpdateExpression: 'ADD finishedJobsCount :one, reviewCount :one, ratingSum :stars',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':one': 1, ':stars': rating },
  },
  onConditionFailed: { message: 'The business no longer exists', code: 'NOT_FOUND' },
});

/** Review: put the job (one per post), offer accepted -> finished, post accepted -> finished, the business's rating moves. */
export async function createFinishedJob(job: StoredFinishedJob): Promise<void> {
  const now = job.createdAt;
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
    offerTransition(
      { _id: job.offerId, postId: job.postId },
      'accepted',
      'finished',
      { message: 'The accepted offer of this post is no longer accepted', code: 'NOT_REVIEWABLE' },
      now,
    ),
    {
      Update: {
        TableName: table(),
        Key: keys.post(job.postId),
        UpdateExpression: 'SET #s = :finished',
        ConditionExpression: '#s = :accepted AND acceptedOfferId = :offerId',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':finished': 'finished', ':accepted': 'accepted', ':offerId': job.offerId },
      },
      onConditionFailed: {
        message: 'The accepted offer of this post changed. Reload and try again.',
        code: 'CONCURRENT_CHANGE',
      },
    },
    reviewedBusiness(job.businessId, job.rating),
  ]);
}

export const listFinishedJobsOfBusiness = (businessId: string, page: PageRequest): Promise<Page<StoredFinishedJob>> =>
  queryPage<StoredFinishedJob>({ index: 'GSI1', partition: `BUSINESSJOBS#${businessId}` }, page);
