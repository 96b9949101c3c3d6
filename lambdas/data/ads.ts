/** Ads (`AD#{id}`; GSI1 `ADS` newest first, one partition; GSI2 `BUSINESSADS#{businessId}`). */
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { ddb, table } from './client';
import { keys, stripKeys } from './keys';
import { getRecord, queryPage, type PageRequest } from './query';
import { type TransactItem, conditionalWrite } from './transact';
import type { StoredAd } from '../domain/ads';

export const getAd = (id: string) => getRecord<StoredAd>(keys.ad(id));

/**
 * A new ad. One awaiting its payment is on no list (no index keys): it is listed by `listAdItem` in the same
 * transaction as its payment's completion (lambdas/domain/payments.ts).
 */
export const adPut = (ad: StoredAd): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { ...keys.ad(ad._id), ...(ad.paymentStatus === 'Completed' ? keys.adIndexes(ad) : {}), ...ad },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** Puts a paid ad on the lists (the Sponsored strip, its business's ads): part of its payment's completion. */
export const listAdItem = (ad: Pick<StoredAd, '_id' | 'businessId' | 'createdAt'>): TransactItem => {
  const index = keys.adIndexes(ad);
  return {
    Update: {
      TableName: table(),
      Key: keys.ad(ad._id),
      UpdateExpression: 'SET gsi1pk = :g1, gsi1sk = :s1, gsi2pk = :g2, gsi2sk = :s2, paymentStatus = :paid',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':g1': index.gsi1pk,
        ':s1': index.gsi1sk,
        ':g2': index.gsi2pk,
        ':s2': index.gsi2sk,
        ':paid': 'Completed',
      },
    },
  };
};

/** Takes a wholly refunded ad off every list (it stays stored, with its payment). */
export const unlistAdItem = (adId: string): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.ad(adId),
    UpdateExpression: 'REMOVE gsi1pk, gsi1sk, gsi2pk, gsi2sk SET paymentStatus = :refunded',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':refunded': 'Refunded' },
  },
});

/** The GSI1 shards of the former sharded all-ads index, emptied by scripts/migrate-one-partition-lists.ts. */
export const legacyAllAdsShards = (shards = config.openIndexShards) =>
  Array.from({ length: shards }, (_, i) => keys.legacyAllAdsShard(i));

/**
 * One page of all ads, newest first (pattern 15): one Query of GSI1 `ADS` for `limit` ads below the cursor
 * (a GSI1 sort key); the next cursor is where the Query stopped.
 */
export async function listAllAds(opts: {
  limit: number;
  before?: string;
}): Promise<{ items: StoredAd[]; next?: string }> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'GSI1',
      KeyConditionExpression: opts.before ? 'gsi1pk = :pk AND gsi1sk < :before' : 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.allAds, ...(opts.before ? { ':before': opts.before } : {}) },
      ScanIndexForward: false,
      Limit: opts.limit,
    }),
  );
  const next = out.LastEvaluatedKey?.gsi1sk;
  return {
    items: (out.Items ?? []).map((item) => stripKeys(item) as unknown as StoredAd),
    ...(typeof next === 'string' ? { next } : {}),
  };
}
export const listAdsOfBusiness = (businessId: string, page: PageRequest) =>
  queryPage<StoredAd>({ index: 'GSI2', partition: `BUSINESSADS#${businessId}` }, page);

/** Deletes the ad if it still belongs to `businessId`; false when it was gone already. */
export async function deleteAdOf(id: string, businessId: string): Promise<boolean> {
  return conditionalWrite(
    new DeleteCommand({
      TableName: table(),
      Key: keys.ad(id),
      ConditionExpression: 'businessId = :b',
      ExpressionAttributeValues: { ':b': businessId },
    }),
  );
}
