/** Finished jobs (`POST#{postId}` / `FINISHEDJOB`, GSI1 `BUSINESSJOBS#{businessId}`): one per post. */
import { keys } from './keys';
import { table } from './client';
import { queryPage, type Page, type PageRequest } from './query';
import { transactWrite } from './transact';
import { businessCounter, offerTransition } from './offers';
import type { StoredFinishedJob } from '../domain/reviews';

/** Review: put the job (one per post), offer accepted -> finished, post accepted -> finished. */
export async function createFinishedJob(job: StoredFinishedJob): Promise<void> {
  const now = job.createdAt;
  await transactWrite([
    {
      Put: {
        TableName: table(),
        Item: { ...keys.finishedJob(job.postId), ...keys.businessJobsIndex(job.businessId, job.createdAt, job._id), ...job },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
      onConditionFailed: { message: 'This post already has a review', code: 'POST_ALREADY_REVIEWED' },
    },
    offerTransition({ _id: job.offerId, postId: job.postId }, 'accepted', 'finished', { message: 'The accepted offer of this post is no longer accepted', code: 'NOT_REVIEWABLE' }, now),
    {
      Update: {
        TableName: table(),
        Key: keys.post(job.postId),
        UpdateExpression: 'SET #s = :finished',
        ConditionExpression: '#s = :accepted AND acceptedOfferId = :offerId',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':finished': 'finished', ':accepted': 'accepted', ':offerId': job.offerId },
      },
      onConditionFailed: { message: 'The accepted offer of this post changed. Reload and try again.', code: 'CONCURRENT_CHANGE' },
    },
    businessCounter(job.businessId, 'finishedJobsCount', 1),
  ]);
}

export const listFinishedJobsOfBusiness = (businessId: string, page: PageRequest): Promise<Page<StoredFinishedJob>> =>
  queryPage<StoredFinishedJob>({ index: 'GSI1', partition: `BUSINESSJOBS#${businessId}` }, page);
