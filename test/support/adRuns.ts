/**
 * Time passing for Sponsored runs on the test stack's table: a run's start or end moved into the past (as if its
 * day had come) and the scheduled job run as the schedule runs it in the cloud. Only the run named is moved, so
 * tests running beside it keep their runs.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lambdas/model/keys';
import { stack } from './api';
import { tableClient, useTableEnvironment } from './expiry';

/** Moves run `adId`'s next change (its start when scheduled, its end when live) to `at` (in the past). */
export async function makeRunDue(adId: string, at = new Date(Date.now() - 60_000).toISOString()) {
  const db = tableClient();
  const { Item } = await db.send(
    new GetCommand({ TableName: stack().tableName, Key: keys.ad(adId), ConsistentRead: true }),
  );
  if (!Item) throw new Error(`No run ${adId}`);
  const field = Item.state === 'scheduled' ? 'startsAt' : 'endsAt';
  await db.send(
    new UpdateCommand({
      TableName: stack().tableName,
      Key: keys.ad(adId),
      UpdateExpression: `SET ${field} = :at, gsi1sk = :due`,
      ConditionExpression: 'attribute_exists(gsi1pk)',
      ExpressionAttributeValues: { ':at': at, ':due': keys.adRunDueIndex(at, adId).gsi1sk },
    }),
  );
  db.destroy();
}

/** The scheduled job of Sponsored runs, run against the test stack's table. */
export async function runAdRunJob() {
  useTableEnvironment();
  const { advanceSponsoredRuns } = await import('../../lambdas/jobs/advanceAdRuns');
  return advanceSponsoredRuns();
}
