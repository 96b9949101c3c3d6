/**
 * The moderators' weekly counts (GET /moderation/stats), taken from the table's stream so no write path
 * changes: a post inserted is a new request, an offer inserted an offer, an offer going pending -> accepted
 * an accepted offer, a finished job inserted a finished job, a report inserted a report. Counted in the ISO
 * week (UTC) of the item's creation (of the change, for an acceptance), once per stream event
 * (lambdas/data/weekCounts.ts).
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { weekStartOf, type WeekCounter } from '../../common/moderation';
import { countOnce } from '../data/weekCounts';
import { image, isPost } from './events';

type Item = Record<string, unknown>;
const has = (i: Item | undefined, pk: string, sk: (s: string) => boolean) =>
  typeof i?.pk === 'string' && i.pk.startsWith(pk) && typeof i.sk === 'string' && sk(i.sk);

/** Which counter a stream record moves, and when it happened; undefined for every other change. */
export function counterOf(record: DynamoDBRecord): { counter: WeekCounter; at: string } | undefined {
  const next = image(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
  const old = image(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined);
  const changedAt = new Date((record.dynamodb?.ApproximateCreationDateTime ?? Date.now() / 1000) * 1000).toISOString();
  const created = (i: Item | undefined) => (typeof i?.createdAt === 'string' ? i.createdAt : changedAt);
  if (record.eventName === 'INSERT') {
    if (isPost(next)) return { counter: 'requests', at: created(next) };
    if (has(next, 'OFFER#', (s) => s === 'OFFER')) return { counter: 'offers', at: created(next) };
    if (has(next, 'POST#', (s) => s === 'FINISHEDJOB')) return { counter: 'finished', at: created(next) };
    if (has(next, 'REPORTED#', (s) => s.startsWith('BY#'))) return { counter: 'reports', at: created(next) };
  }
  if (
    record.eventName === 'MODIFY' &&
    has(next, 'OFFER#', (s) => s === 'OFFER') &&
    old?.status === 'pending' &&
    next?.status === 'accepted'
  ) {
    return { counter: 'accepted', at: changedAt };
  }
  return undefined;
}

/** Count the record in its week (nothing for most records; a record handed over again counts once). */
export async function countWeekly(record: DynamoDBRecord): Promise<void> {
  const counted = counterOf(record);
  if (!counted || !record.eventID) return;
  await countOnce(record.eventID, weekStartOf(counted.at), counted.counter);
}
