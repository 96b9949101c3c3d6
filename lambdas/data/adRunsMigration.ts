/**
 * The one-off migration of ads stored before Sponsored runs into runs (scripts/migrate-ad-runs.ts,
 * docs/sponsored-runs.md "Ads bought before runs"). Those ads have no `state` and were all indexed under GSI1 `ADS`
 * (and, for a while, the shards `ADS#S#{n}`), which nothing reads any more; runs are never written there. Each one
 * found there with no `state` gets its state written explicitly, in one transaction with its (empty) figures item:
 *
 * - paid (its payment completed, or was refunded since): `ended`, `endReason: beforeRuns`, `startsAt` its payment's
 *   completion (else its creation), `endsAt` = `endedAt` AD_RUN_DAYS later, or the migration's time if sooner;
 * - not paid (pending, refused): `awaiting_payment`, as it read before.
 *
 * Its payment (`transactionId`, `paymentStatus`) is kept; its price and currency are taken from the payment record.
 * It leaves the old all-ads index (REMOVE gsi1pk, gsi1sk), as an ended run is on no GSI1 partition, so a second run
 * finds nothing. Queries of those partitions, GetItems and conditional writes only, never a Scan.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { runEnd, type AdRunState } from '../../common/adRuns';
import type { StoredAd } from '../domain/ads';
import { ddb, table } from './client';
import { keys } from './keys';
import { INDEXES } from './schema';
import { getTransaction, stateOf } from './transactions';
import { transact, TransactionRefused, type TransactItem } from './transact';
import { adFiguresPut } from './adFigures';

type Key = { pk: string; sk: string };
export interface LegacyAdsPage {
  keys: Key[];
  next?: Record<string, unknown>;
}

/** The GSI1 partitions ads were listed under before runs: `ADS` and its former shards. */
export const legacyAdPartitions = (shards: string[]) => [keys.allAds, ...shards];

/** One page of the items indexed under a former all-ads partition: their table keys (ads only). */
export async function legacyAdsPage(partition: string, start?: Record<string, unknown>): Promise<LegacyAdsPage> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: INDEXES.GSI1.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ProjectionExpression: 'pk, sk',
      Limit: 100,
      ExclusiveStartKey: start,
    }),
  );
  const found = (out.Items ?? []) as Key[];
  return { keys: found.filter((k) => k.sk === keys.ad('').sk && k.pk.startsWith('AD#')), next: out.LastEvaluatedKey };
}

/** What the migration writes onto one ad stored before runs (`at`: the migration's time). */
export interface RunOfLegacyAd {
  state: Extract<AdRunState, 'ended' | 'awaiting_payment'>;
  startsAt?: string;
  endsAt?: string;
  price?: number;
  currency?: string;
}

/** The run an ad stored before runs is: ended when it was paid (from its payment's completion), else awaiting payment. */
export async function runOfLegacyAd(ad: StoredAd, at: string): Promise<RunOfLegacyAd> {
  const payment = ad.transactionId ? await getTransaction(ad.transactionId) : undefined;
  const paymentState = payment ? stateOf(payment) : undefined;
  const paid =
    ad.paymentStatus === 'Completed' ||
    ad.paymentStatus === 'Refunded' ||
    paymentState === 'completed' ||
    paymentState === 'refunded';
  const charge = payment ? { price: payment.amount, ...(payment.currency ? { currency: payment.currency } : {}) } : {};
  if (!paid) return { state: 'awaiting_payment', ...charge };
  const startsAt = payment?.completedAt ?? ad.createdAt;
  const fullEnd = runEnd(startsAt);
  return { state: 'ended', startsAt, endsAt: fullEnd < at ? fullEnd : at, ...charge };
}

/**
 * Writes the run of one ad stored before runs: the ad's Update on condition it still has no state and is still
 * under `partition`, with its figures item (unless one exists); false when it changed meanwhile (deleted, or given
 * a state), which is left alone.
 */
export async function migrateLegacyAd(ad: StoredAd, partition: string, run: RunOfLegacyAd): Promise<boolean> {
  const values: Record<string, unknown> = { ':state': run.state, ':from': partition };
  const sets = ['#state = :state'];
  const put = (attribute: string, value: unknown) => {
    if (value === undefined) return;
    values[`:${attribute}`] = value;
    sets.push(`${attribute} = :${attribute}`);
  };
  if (run.state === 'ended') {
    put('startsAt', run.startsAt);
    put('endsAt', run.endsAt);
    put('endedAt', run.endsAt);
    values[':why'] = 'beforeRuns';
    sets.push('endReason = :why');
  }
  put('price', run.price);
  put('currency', run.currency);
  const update: TransactItem = {
    Update: {
      TableName: table(),
      Key: keys.ad(ad._id),
      UpdateExpression: `SET ${sets.join(', ')} REMOVE gsi1pk, gsi1sk`,
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#state) AND gsi1pk = :from',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: values,
    },
  };
  try {
    await transact([update, adFiguresPut(ad._id)]);
    return true;
  } catch (err) {
    if (!(err instanceof TransactionRefused)) throw err;
    if (err.conditionFailed(0)) return false;
    if (!err.conditionFailed(1)) throw err;
  }
  // Its figures item exists already: the ad's Update alone.
  try {
    await transact([update]);
    return true;
  } catch (err) {
    if (err instanceof TransactionRefused && err.conditionFailed(0)) return false;
    throw err;
  }
}
