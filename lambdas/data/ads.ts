/** Ads (`AD#{id}`; GSI1 `ADS` newest first, GSI2 `BUSINESSADS#{businessId}`). */
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { ddb, table } from './client';
import { keys, stripKeys } from './keys';
import { getRecord, queryPage, type PageRequest } from './query';
import { isConditionFailed, type TransactItem } from './transact';
import type { StoredAd } from '../domain/ads';

export const getAd = (id: string) => getRecord<StoredAd>(keys.ad(id));

export const adPut = (ad: StoredAd): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { ...keys.ad(ad._id), ...keys.adIndexes(ad), ...ad },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** Every GSI1 partition of all ads: each shard and, for one release, the unsharded `ADS` (see docs/access-patterns.md). */
export const allAdsPartitions = (shards = config.openIndexShards) => [
  ...Array.from({ length: shards }, (_, i) => keys.allAdsShard(i)),
  keys.allAds,
];

/**
 * One page of all ads, newest first (pattern 15): one Query per shard in parallel, each for `limit + 1`
 * below the cursor (a GSI1 sort key, the same order in every shard), merged; a next page exists when
 * the merge holds more than `limit`.
 */
export async function listAllAds(opts: {
  limit: number;
  before?: string;
}): Promise<{ items: StoredAd[]; next?: string }> {
  const reads = await Promise.all(
    allAdsPartitions().map(async (pk) => {
      const out = await ddb().send(
        new QueryCommand({
          TableName: table(),
          IndexName: 'GSI1',
          KeyConditionExpression: opts.before ? 'gsi1pk = :pk AND gsi1sk < :before' : 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': pk, ...(opts.before ? { ':before': opts.before } : {}) },
          ScanIndexForward: false,
          Limit: opts.limit + 1,
        }),
      );
      return (out.Items ?? []).map((item) => ({ sk: String(item.gsi1sk), ad: stripKeys(item) as unknown as StoredAd }));
    }),
  );
  const merged = reads.flat().sort((a, b) => (a.sk < b.sk ? 1 : a.sk > b.sk ? -1 : 0));
  const page = merged.slice(0, opts.limit);
  return { items: page.map((e) => e.ad), next: merged.length > opts.limit ? page[page.length - 1].sk : undefined };
}
export const listAdsOfBusiness = (businessId: string, page: PageRequest) =>
  queryPage<StoredAd>({ index: 'GSI2', partition: `BUSINESSADS#${businessId}` }, page);

/** Deletes the ad if it still belongs to `businessId`; false when it was gone already. */
export async function deleteAdOf(id: string, businessId: string): Promise<boolean> {
  try {
    await ddb().send(
      new DeleteCommand({
        TableName: table(),
        Key: keys.ad(id),
        ConditionExpression: 'businessId = :b',
        ExpressionAttributeValues: { ':b': businessId },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}
