/**
 * What the one-off moderation migration (scripts/migrate-moderation.ts) reads and writes: a business's finished
 * jobs still without their `FINISHEDJOBID#` second-index keys, and the chat message reports stored before the
 * moderation queue (`CHATREPORT#…`, listed on GSI1 `CHATREPORTS`). Queries only.
 */
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from './keys';
import { INDEXES } from './schema';
import { isConditionFailed } from './transact';

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
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.finishedJob(job.postId),
        UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi2pk) AND #id = :id',
        ExpressionAttributeNames: { '#id': '_id' },
        ExpressionAttributeValues: { ':pk': index.gsi2pk, ':sk': index.gsi2sk, ':id': job._id },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
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
