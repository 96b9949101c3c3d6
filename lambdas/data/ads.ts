/**
 * Sponsored runs (`AD#{id}`; docs/sponsored-runs.md and docs/access-patterns.md "Sponsored runs"):
 *
 * - every run of a business on GSI2 `BUSINESSADS#{businessId}` (My ads), from its creation;
 * - while scheduled or live, on GSI1 `ADRUNS#DUE` at the time it next changes (its start, then its end): the
 *   scheduled job's one Query;
 * - while live, one entry per place it is shown (`ADLIVE#T#{town}` for each town, every town for a run across the
 *   whole country; `ADLIVE#C#{service}`; `ADLIVE#ALL`), each a copy of what a strip shows (picture, service, towns,
 *   end, the business's card), so a strip is one Query of one partition however many runs have ended.
 *
 * Every change of state is one transaction of the run's Update (on condition of the state it leaves) with its entries.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { runEnd, type AdRunEndReason, type AdRunState } from '../../common/adRuns';
import { ddb, table } from './client';
import { keys, stripKeys } from '../model/keys';
import { INDEXES } from '../model/schema';
import { getRecord, queryPage, type PageRequest } from './query';
import { conditionalWrite, transact, TransactionRefused, type TransactItem } from './transact';
import { adFiguresPut, adFiguresDelete } from './adFigures';
import type { StoredAd } from '../model/ads';
import type { LiveRunEntry } from './liveRuns';
import { entryKeys } from '../model/ads';

export type { LiveRunEntry } from './liveRuns';

export const getAd = (id: string, opts: { consistent?: boolean } = {}) => getRecord<StoredAd>(keys.ad(id), opts);

const entryOf = (ad: StoredAd, endsAt: string): LiveRunEntry => ({
  _id: ad._id,
  businessId: ad.businessId,
  image: ad.image,
  category: ad.category ?? '',
  towns: ad.towns ?? [],
  createdAt: ad.createdAt,
  endsAt,
  ...(ad.business ? { business: ad.business } : {}),
});

/**
 * A new run and its (empty) figures: on its business's list at once (awaiting its payment, or already scheduled
 * for a plan's included run: `with` holds its start).
 */
export const adPut = (ad: StoredAd): TransactItem[] => [
  {
    Put: {
      TableName: table(),
      Item: {
        ...keys.ad(ad._id),
        gsi2pk: keys.businessAdsPartition(ad.businessId),
        gsi2sk: `${ad.createdAt}#${ad._id}`,
        ...ad,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  },
  adFiguresPut(ad._id),
];

const stateCondition = (from: readonly AdRunState[], values: Record<string, unknown>) => {
  const names = from.map((state, i) => {
    values[`:from${i}`] = state;
    return `:from${i}`;
  });
  return `attribute_exists(pk) AND #state IN (${names.join(', ')})`;
};

/** Scheduled: paid, waiting for its first day (on the due index at its start). */
export function scheduleRunItem(
  ad: StoredAd,
  startsAt: string,
  paymentStatus?: StoredAd['paymentStatus'],
): TransactItem {
  const endsAt = runEnd(startsAt);
  const values: Record<string, unknown> = { ':scheduled': 'scheduled', ':s': startsAt, ':e': endsAt };
  const due = keys.adRunDueIndex(startsAt, ad._id);
  values[':g'] = due.gsi1pk;
  values[':gs'] = due.gsi1sk;
  if (paymentStatus) values[':paid'] = paymentStatus;
  return {
    Update: {
      TableName: table(),
      Key: keys.ad(ad._id),
      UpdateExpression: `SET #state = :scheduled, startsAt = :s, endsAt = :e, gsi1pk = :g, gsi1sk = :gs${paymentStatus ? ', paymentStatus = :paid' : ''}`,
      ConditionExpression: stateCondition(['awaiting_payment'], values),
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Live from `startsAt` (paid now, or its first day came): the run's Update (on the due index at its end) and its
 * live entries. From awaiting_payment (a payment that completes on a run starting at once) or scheduled.
 */
export function startRunItems(
  ad: StoredAd,
  startsAt: string,
  paymentStatus?: StoredAd['paymentStatus'],
): TransactItem[] {
  const endsAt = ad.state === 'scheduled' && ad.endsAt ? ad.endsAt : runEnd(startsAt);
  const starts = ad.state === 'scheduled' && ad.startsAt ? ad.startsAt : startsAt;
  const due = keys.adRunDueIndex(endsAt, ad._id);
  const values: Record<string, unknown> = {
    ':live': 'live',
    ':s': starts,
    ':e': endsAt,
    ':g': due.gsi1pk,
    ':gs': due.gsi1sk,
  };
  if (paymentStatus) values[':paid'] = paymentStatus;
  const entry = entryOf(ad, endsAt);
  return [
    {
      Update: {
        TableName: table(),
        Key: keys.ad(ad._id),
        UpdateExpression: `SET #state = :live, startsAt = :s, endsAt = :e, gsi1pk = :g, gsi1sk = :gs${paymentStatus ? ', paymentStatus = :paid' : ''}`,
        ConditionExpression: stateCondition(['awaiting_payment', 'scheduled'], values),
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: values,
      },
    },
    ...entryKeys(ad).map((key) => ({ Put: { TableName: table(), Item: { ...key, ...entry } } })),
  ];
}

/**
 * Ended (its days are over, its payment was wholly refunded, or its business cancelled or stopped it): off the due
 * index and every strip. `stop`: what the refund rule gave the business (its claim is taken away).
 */
export function endRunItems(
  ad: StoredAd,
  reason: AdRunEndReason,
  at: string,
  paymentStatus?: StoredAd['paymentStatus'],
  stop?: NonNullable<StoredAd['stop']>,
): TransactItem[] {
  const values: Record<string, unknown> = { ':ended': 'ended', ':at': at, ':why': reason };
  if (paymentStatus) values[':paid'] = paymentStatus;
  if (stop) values[':stop'] = stop;
  const sets = [
    '#state = :ended',
    'endedAt = :at',
    'endReason = :why',
    ...(paymentStatus ? ['paymentStatus = :paid'] : []),
    ...(stop ? ['#stop = :stop'] : []),
  ];
  return [
    {
      Update: {
        TableName: table(),
        Key: keys.ad(ad._id),
        UpdateExpression: `SET ${sets.join(', ')} REMOVE gsi1pk, gsi1sk${stop ? ', stopping' : ''}`,
        ConditionExpression: stateCondition(['scheduled', 'live'], values),
        ExpressionAttributeNames: { '#state': 'state', ...(stop ? { '#stop': 'stop' } : {}) },
        ExpressionAttributeValues: values,
      },
    },
    // A scheduled run has no entries yet: deleting what is not there is no error.
    ...(ad.state === 'live' ? entryKeys(ad).map((key) => ({ Delete: { TableName: table(), Key: key } })) : []),
  ];
}

/**
 * A run its payment's refund (or chargeback) ended, given back when that is reversed: the days it had left when it
 * ended, from `now` (live), or its own days still to come (scheduled, when its first day has not come yet). Any
 * other run only reads paid again.
 */
export function restoreRunItems(ad: StoredAd, now: string): TransactItem[] {
  if (ad.state !== 'ended' || ad.endReason !== 'refunded' || !ad.startsAt || !ad.endsAt || !ad.endedAt)
    return [
      {
        Update: {
          TableName: table(),
          Key: keys.ad(ad._id),
          UpdateExpression: 'SET paymentStatus = :paid',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':paid': 'Completed' },
        },
      },
    ];
  const scheduled = ad.startsAt > now;
  const left = Date.parse(ad.endsAt) - Math.max(Date.parse(ad.startsAt), Date.parse(ad.endedAt));
  const startsAt = scheduled ? ad.startsAt : now;
  const endsAt = scheduled ? ad.endsAt : new Date(Date.parse(now) + Math.max(0, left)).toISOString();
  const due = keys.adRunDueIndex(scheduled ? startsAt : endsAt, ad._id);
  const values: Record<string, unknown> = {
    ':state': scheduled ? 'scheduled' : 'live',
    ':s': startsAt,
    ':e': endsAt,
    ':g': due.gsi1pk,
    ':gs': due.gsi1sk,
    ':paid': 'Completed',
    ':refunded': 'refunded',
  };
  return [
    {
      Update: {
        TableName: table(),
        Key: keys.ad(ad._id),
        UpdateExpression:
          'SET #state = :state, startsAt = :s, endsAt = :e, gsi1pk = :g, gsi1sk = :gs, paymentStatus = :paid REMOVE endedAt, endReason',
        ConditionExpression: `${stateCondition(['ended'], values)} AND endReason = :refunded`,
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: values,
      },
    },
    ...(scheduled
      ? []
      : entryKeys(ad).map((key) => ({ Put: { TableName: table(), Item: { ...key, ...entryOf(ad, endsAt) } } }))),
  ];
}

/** A claim to cancel or stop a run (while its refund is asked for): older than this, its holder is taken to be lost. */
export const STOP_CLAIM_STALE_MS = 2 * 60 * 1000;

/**
 * Claims a scheduled or live run for its business to cancel or stop it (one at a time: a claim under way is in the
 * way unless it is stale). Put in the transaction that also claims the run's refund (lambdas/domain/runStops.ts).
 */
export function stopClaimItem(
  ad: Pick<StoredAd, '_id' | 'businessId'>,
  claim: { id: string; at: string },
): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: keys.ad(ad._id),
      UpdateExpression: 'SET stopping = :claim',
      ConditionExpression:
        'attribute_exists(pk) AND businessId = :b AND #state IN (:scheduled, :live) AND (attribute_not_exists(stopping) OR stopping.#at < :stale)',
      ExpressionAttributeNames: { '#state': 'state', '#at': 'at' },
      ExpressionAttributeValues: {
        ':claim': claim,
        ':b': ad.businessId,
        ':scheduled': 'scheduled',
        ':live': 'live',
        ':stale': new Date(Date.parse(claim.at) - STOP_CLAIM_STALE_MS).toISOString(),
      },
    },
  };
}

/** Gives a claim back (its refund could not be asked for: nothing changed). */
export const releaseStopClaim = (adId: string, claimId: string) =>
  conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: keys.ad(adId),
      UpdateExpression: 'REMOVE stopping',
      ConditionExpression: 'stopping.#id = :id',
      ExpressionAttributeNames: { '#id': 'id' },
      ExpressionAttributeValues: { ':id': claimId },
    }),
  );

/**
 * The run cancelled (not started) or stopped (live) by its business, with what the refund rule gave (`stop`): off
 * the due index and every strip, like any end. A run its whole refund ended meanwhile (reason `refunded`) only
 * takes the business's reason and `stop`; one that ended otherwise keeps its end and takes `stop`.
 */
export function stopRunItems(
  ad: StoredAd,
  reason: 'canceled' | 'stopped',
  at: string,
  stop: NonNullable<StoredAd['stop']>,
): TransactItem[] {
  if (ad.state === 'scheduled' || ad.state === 'live') return endRunItems(ad, reason, at, undefined, stop);
  const byRefund = ad.state === 'ended' && ad.endReason === 'refunded';
  return [
    {
      Update: {
        TableName: table(),
        Key: keys.ad(ad._id),
        UpdateExpression: `SET #stop = :stop${byRefund ? ', endReason = :why' : ''} REMOVE stopping`,
        ConditionExpression: byRefund ? 'attribute_exists(pk) AND endReason = :refunded' : 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#stop': 'stop' },
        ExpressionAttributeValues: {
          ':stop': stop,
          ...(byRefund ? { ':why': reason, ':refunded': 'refunded' } : {}),
        },
      },
    },
  ];
}

/** Applies one change of a run; false when the run is no longer in a state the change leaves (someone was first). */
export async function changeRun(items: TransactItem[]): Promise<boolean> {
  try {
    await transact(items);
    return true;
  } catch (err) {
    if (err instanceof TransactionRefused && err.conditionFailed(0)) return false;
    throw err;
  }
}

/** Runs due to change at `now` (scheduled ones to start, live ones to end), oldest first: the job's Query. */
export async function dueRuns(
  now: string,
  start?: Record<string, unknown>,
): Promise<{ ids: string[]; next?: Record<string, unknown> }> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: INDEXES.GSI1.name,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
      ExpressionAttributeValues: { ':pk': keys.adRunsDue, ':now': `${now}#~` },
      ProjectionExpression: '#id',
      ExpressionAttributeNames: { '#id': '_id' },
      Limit: 25,
      ExclusiveStartKey: start,
    }),
  );
  return { ids: (out.Items ?? []).map((i) => i._id as string), next: out.LastEvaluatedKey };
}

export const listAdsOfBusiness = (businessId: string, page: PageRequest) =>
  queryPage<StoredAd>({ index: 'GSI2', partition: keys.businessAdsPartition(businessId) }, page);

/** The business's live runs (its own strip): one Query of its runs, the live ones kept. */
export async function liveAdsOfBusiness(businessId: string): Promise<StoredAd[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: INDEXES.GSI2.name,
      KeyConditionExpression: 'gsi2pk = :pk',
      FilterExpression: '#state = :live',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':pk': keys.businessAdsPartition(businessId), ':live': 'live' },
      ScanIndexForward: false,
      Limit: 100,
    }),
  );
  return (out.Items ?? []).map((i) => stripKeys(i) as unknown as StoredAd);
}

/**
 * The business's runs that are paid and not over (scheduled or live): what a new run would overlap (POST /ad). One
 * Query of its runs (newest first, every page), the others filtered out.
 */
export async function activeAdsOfBusiness(businessId: string): Promise<StoredAd[]> {
  const found: StoredAd[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        IndexName: INDEXES.GSI2.name,
        KeyConditionExpression: 'gsi2pk = :pk',
        FilterExpression: '#state IN (:scheduled, :live)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':pk': keys.businessAdsPartition(businessId),
          ':scheduled': 'scheduled',
          ':live': 'live',
        },
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(out.Items ?? []).map((i) => stripKeys(i) as unknown as StoredAd));
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
}

/**
 * The live entries of a business's live runs (their card copies are refreshed with its other copies:
 * lambdas/model/copies.ts COPIES.businessCard), as keys.
 */
export async function liveEntryKeysOfBusiness(businessId: string): Promise<{ pk: string; sk: string }[]> {
  return (await liveAdsOfBusiness(businessId)).flatMap((ad) => entryKeys(ad));
}

/**
 * Deletes the run if it still belongs to `businessId` (and its figures; a live run leaves every strip in the same
 * transaction); false when it was gone already.
 */
export async function deleteAdOf(ad: StoredAd, businessId: string): Promise<boolean> {
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: table(),
        Key: keys.ad(ad._id),
        ConditionExpression: 'businessId = :b AND #state = :state',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':b': businessId, ':state': ad.state },
      },
    },
    adFiguresDelete(ad._id),
    ...(ad.state === 'live' ? entryKeys(ad).map((key) => ({ Delete: { TableName: table(), Key: key } })) : []),
  ];
  return changeRun(items);
}
