/**
 * Reports and moderation as stored (docs/access-patterns.md, "Moderation"): the queue entry of a reported
 * item `REPORTED#{entryId}` / `ITEM` with each user's report beside it (`BY#{reporterSub}`), the queue by
 * status on the first index (`REPORTQUEUE#{status}`), the hide writes of each kind, suspensions.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ReportStatus } from '../../common/constants';
import type { HiddenMark } from '../../common/types';
import { ddb, table } from './client';
import { keys, stripKeys } from '../model/keys';
import { getRecord, queryPage, type Page, type PageRequest } from './query';
import { CONCURRENT_CHANGE, transactWrite, type GuardedItem } from './transact';
import { openIndexDeletes, SUMMARY_VERSION_BUMP, SUMMARY_VERSION_VALUES } from './openPosts';
import { type StoredPost } from '../model/posts';
import { INDEXES } from '../model/schema';
import type { StoredReport, StoredReportedItem, StoredSuspension } from '../model/moderation';
import type { StoredFinishedJob } from '../model/reviews';

export const getReportedItem = (entryId: string, opts: { consistent?: boolean } = {}) =>
  getRecord<StoredReportedItem>(keys.reportedItem(entryId), opts);

/** Where an entry sits in the queue: open ones by first report, decided ones by decision time. */
const queueIndexOf = (entry: StoredReportedItem) =>
  keys.reportQueueIndex(
    entry.status,
    entry.status === 'open' ? entry.firstReportedAt : (entry.decidedAt ?? entry.lastReportedAt),
    entry._id,
  );

/**
 * One more report of an item: the report (condition: this user has none of it: 409 ALREADY_REPORTED) and
 * the entry as `withReport` made it from the one read (condition: unchanged since, so two reports at the
 * same time both count: the loser gets CONCURRENT_CHANGE and the caller reads again).
 */
export async function fileReport(
  report: StoredReport,
  entry: StoredReportedItem,
  before: Pick<StoredReportedItem, 'reportCount' | 'status'> | undefined,
): Promise<void> {
  await transactWrite([
    {
      Put: {
        TableName: table(),
        Item: {
          ...keys.report(report.entryId, report.reporterSub),
          // Listed by its reporter too: their data export and their account's erasure find it (lambdas/privacy).
          ...keys.reportsByIndex(report.reporterSub, report.createdAt, report.entryId),
          ...report,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
      onConditionFailed: { message: 'You reported this already', code: 'ALREADY_REPORTED' },
    },
    {
      Put: {
        TableName: table(),
        Item: { ...keys.reportedItem(entry._id), ...queueIndexOf(entry), ...entry },
        ...(before
          ? {
              ConditionExpression: 'reportCount = :count AND #s = :status',
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: { ':count': before.reportCount, ':status': before.status },
            }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
      onConditionFailed: CONCURRENT_CHANGE,
    },
  ]);
}

/** The queue of one status: open oldest first (by first report), decided newest decision first. */
export const listReportedItems = (status: ReportStatus, page: PageRequest): Promise<Page<StoredReportedItem>> =>
  queryPage<StoredReportedItem>(
    { index: 'GSI1', partition: keys.reportQueuePartition(status), oldestFirst: status === 'open' },
    page,
  );

/**
 * A moderator's decision: the entry leaves the open queue for its status' (condition: still open, else
 * 409 ALREADY_DECIDED), in one transaction with what it does to the item (`itemWrites`).
 */
export async function decide(decided: StoredReportedItem, itemWrites: GuardedItem[]): Promise<void> {
  const index = queueIndexOf(decided);
  await transactWrite([
    {
      Update: {
        TableName: table(),
        Key: keys.reportedItem(decided._id),
        UpdateExpression:
          'SET #s = :status, decidedAt = :at, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk' +
          (decided.decisionReason ? ', decisionReason = :reason' : ''),
        ConditionExpression: '#s = :open',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':status': decided.status,
          ':open': 'open',
          ':at': decided.decidedAt,
          ':gsi1pk': index.gsi1pk,
          ':gsi1sk': index.gsi1sk,
          ...(decided.decisionReason ? { ':reason': decided.decisionReason } : {}),
        },
      },
      onConditionFailed: { message: 'A moderator already decided on this report', code: 'ALREADY_DECIDED' },
    },
    ...itemWrites,
  ]);
}

type Mark = NonNullable<HiddenMark['hidden']>;
/** `hidden` is a reserved word of DynamoDB expressions. */
const HIDDEN = { '#hidden': 'hidden' };
const GONE = {
  message: 'The reported item changed at the same time. Reload and try again.',
  code: 'CONCURRENT_CHANGE' as const,
};

/** Hide a post: marked, and out of every open list at once (its open-index entries deleted). */
export const hidePostWrites = (post: StoredPost, mark: Mark): GuardedItem[] => [
  {
    Update: {
      TableName: table(),
      Key: keys.post(post._id),
      UpdateExpression: `SET #hidden = :mark, ${SUMMARY_VERSION_BUMP}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: HIDDEN,
      ExpressionAttributeValues: { ':mark': mark, ...SUMMARY_VERSION_VALUES },
    },
    onConditionFailed: GONE,
  },
  ...openIndexDeletes(post),
];

/**
 * Hide a business profile: its search hits, ads and pending offers are left out where they are read, from the card
 * copied onto them (its version moves here; lambdas/model/copies.ts COPIES.businessCard).
 */
export const hideBusinessWrites = (businessId: string, mark: Mark): GuardedItem[] => [
  {
    Update: {
      TableName: table(),
      Key: keys.business(businessId),
      UpdateExpression: 'SET #hidden = :mark ADD cardVersion :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: HIDDEN,
      ExpressionAttributeValues: { ':mark': mark, ':one': 1 },
    },
    onConditionFailed: GONE,
  },
];

/**
 * Hide a review: marked (condition: not hidden yet), and its stars leave the business's rating in the
 * same transaction (ADD is atomic; the finished job itself still counts in finishedJobsCount).
 */
export const hideReviewWrites = (job: StoredFinishedJob, mark: Mark): GuardedItem[] => [
  {
    Update: {
      TableName: table(),
      Key: keys.finishedJob(job.postId),
      UpdateExpression: 'SET #hidden = :mark',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#hidden)',
      ExpressionAttributeNames: HIDDEN,
      ExpressionAttributeValues: { ':mark': mark },
    },
    onConditionFailed: GONE,
  },
  {
    Update: {
      TableName: table(),
      Key: keys.business(job.businessId),
      UpdateExpression: 'ADD reviewCount :minusOne, ratingSum :minusStars, cardVersion :one SET reviewsChangedAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND reviewCount > :zero',
      ExpressionAttributeValues: { ':minusOne': -1, ':minusStars': -job.rating, ':one': 1, ':zero': 0, ':at': mark.at },
    },
    onConditionFailed: GONE,
  },
];

/** The suspension record of an account, written with the decision. */
export const suspensionPut = (s: StoredSuspension): GuardedItem => ({
  Put: { TableName: table(), Item: { ...keys.suspension(s.sub), ...s } },
});

/** A finished job by its own id (a reported review): the second index, one item per partition. */
export async function getFinishedJobById(id: string): Promise<StoredFinishedJob | undefined> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: INDEXES.GSI2.name,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.finishedJobIdPartition(id) },
      Limit: 1,
    }),
  );
  const item = out.Items?.[0];
  return item ? (stripKeys(item) as unknown as StoredFinishedJob) : undefined;
}
