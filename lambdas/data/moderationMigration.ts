/**
 * What the one-off moderation migration (scripts/migrate-moderation.ts) reads and writes: a business's finished
 * jobs still without their `FINISHEDJOBID#` second-index keys, and the chat message reports stored before the
 * moderation queue (`CHATREPORT#…`, listed on GSI1 `CHATREPORTS`); suspensions written before they were one
 * partition (scripts/migrate-suspensions.ts). Queries and GetItems only.
 */
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from './keys';
import { INDEXES } from './schema';
import { transact, TransactionRefused, conditionalWrite } from './transact';

type Start = Record<string, unknown> | undefined;

/** One page of a business's finished jobs that have no `gsi2pk` (their ids and posts). */
export async function finishedJobsWithoutIdIndex(businessId: string, start: Start) {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: INDEXES.GSI1.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: 'attribute_not_exists(gsi2pk)',
      ProjectionExpression: '#id, postId',
      ExpressionAttributeNames: { '#id': '_id' },
      ExpressionAttributeValues: { ':pk': keys.businessJobsPartition(businessId) },
      ExclusiveStartKey: start,
    }),
  );
  return {
    jobs: (out.Items ?? []) as { _id: string; postId: string }[],
    next: out.LastEvaluatedKey as Start,
  };
}

/** Gives the job its id index keys; false when it has them already (or is gone). */
export async function giveFinishedJobIdIndex(job: { _id: string; postId: string }): Promise<boolean> {
  const index = keys.finishedJobIdIndex(job._id);
  return conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: keys.finishedJob(job.postId),
      UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi2pk) AND #id = :id',
      ExpressionAttributeNames: { '#id': '_id' },
      ExpressionAttributeValues: { ':pk': index.gsi2pk, ':sk': index.gsi2sk, ':id': job._id },
    }),
  );
}

/** A chat message report as stored before the moderation queue. */
export interface LegacyChatReport {
  roomId: string;
  messageId: string;
  /** The message as it was when reported. */
  text: string;
  senderId: string;
  reporterSub: string;
  /** Free text then. */
  reason?: string;
  createdAt: string;
}

/** One page of the old chat message reports, oldest first. */
export async function legacyChatReports(start: Start) {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: INDEXES.GSI1.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.legacyChatReportsPartition },
      ExclusiveStartKey: start,
    }),
  );
  return { reports: (out.Items ?? []) as LegacyChatReport[], next: out.LastEvaluatedKey as Start };
}

export async function deleteLegacyChatReport(r: LegacyChatReport): Promise<void> {
  await ddb().send(
    new DeleteCommand({ TableName: table(), Key: keys.legacyChatReport(r.roomId, r.messageId, r.reporterSub) }),
  );
}

/**
 * Moves an account's suspension from where it was written before suspensions were one partition
 * (`SUSPENDED#{sub}`, keys.legacySuspension) into the `SUSPENSIONS` partition, in one transaction that needs the
 * old record to be there. False when there is none (never suspended, or moved already).
 */
export async function moveLegacySuspension(sub: string, dryRun = false): Promise<boolean> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.legacySuspension(sub), ConsistentRead: true }),
  );
  if (!Item) return false;
  if (dryRun) return true;
  const { pk: _pk, sk: _sk, ...suspension } = Item;
  try {
    await transact([
      { Put: { TableName: table(), Item: { ...suspension, ...keys.suspension(sub) } } },
      { Delete: { TableName: table(), Key: keys.legacySuspension(sub), ConditionExpression: 'attribute_exists(pk)' } },
    ]);
    return true;
  } catch (err) {
    // Moved meanwhile by another run.
    if (err instanceof TransactionRefused && err.conditionFailed(1)) return false;
    throw err;
  }
}
