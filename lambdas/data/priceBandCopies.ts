/**
 * A finished job's price band on its pictures among the ideas (lambdas/model/ideas.ts IDEA_COPIES.priceBand): each
 * idea of the job (GSI2 `JOBIDEAS#{postId}`) and its gallery entries carry `priceBand`, a copy of the band while the
 * job's client lets it show, versioned by the job's `bandVersion` (every answer of the client moves it). The handler of
 * the client's answer refreshes the copies within part of its time limit; the stream's notifier
 * (lambdas/notify/ideas.ts) runs the same refresh for every such change of the job. Written forward only,
 * by the one write every copy uses (lambdas/data/businessCards.ts writeCopy).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from './keys';
import { getRecord } from './query';
import { INDEXES } from './schema';
import { IDEA_COPY_PROJECTION, writeIdeaCopies } from './businessCards';
import { ideaKeys, priceBandCopyOf, sameBand, type StoredIdea } from '../model/ideas';
import type { StoredFinishedJob } from '../domain/reviews';
import { copiesDeadline } from '../lib/dependencies';
import type { Logger } from '../lib/log';

export const PRICE_BAND_ATTRIBUTE = 'priceBand';

type Key = { pk: string; sk: string };

/** The job's ideas with what a refresh of their copies reads (at most MAX_JOB_PICTURES). */
async function ideasOfJobForCopies(postId: string) {
  const items: (StoredIdea & Key)[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        IndexName: INDEXES.GSI2.name,
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': ideaKeys.jobIdeasPartition(postId) },
        ...IDEA_COPY_PROJECTION,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((out.Items ?? []) as (StoredIdea & Key)[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Brings the band's copies on the job's ideas (and their entries) to the job as read now (strongly consistent). */
export async function refreshPriceBandCopies(postId: string, opts: { until?: number } = {}) {
  const job = await getRecord<StoredFinishedJob>(keys.finishedJob(postId), { consistent: true });
  if (!job) return { changed: 0, complete: true };
  const copy = priceBandCopyOf(job);
  return writeIdeaCopies(
    await ideasOfJobForCopies(postId),
    PRICE_BAND_ATTRIBUTE,
    copy,
    (i) => sameBand(i.priceBand, copy) && (i.priceBand?.v ?? -1) >= copy.v,
    opts.until,
  );
}

/** After the client's answer (in its handler, from `started`): the copies within half the time limit, else the stream. */
export async function refreshBandsAfterChange(postId: string, started: number, log: Logger): Promise<void> {
  try {
    const done = await refreshPriceBandCopies(postId, { until: copiesDeadline(started) });
    if (!done.complete) log.info('Price band copies left to the stream', { postId, written: done.changed });
  } catch (err) {
    log.warn('Price band copies left to the stream after a failure', {
      postId,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    });
  }
}
