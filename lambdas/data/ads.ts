/** Ads (`AD#{id}`; GSI1 `ADS` newest first, GSI2 `BUSINESSADS#{businessId}`). */
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys, stripKeys } from './keys';
import { queryPage, type Page, type PageRequest } from './query';
import { isConditionFailed, type TransactItem } from './transact';
import type { StoredAd } from '../domain/ads';

const clean = (p: Page<Record<string, unknown>>): Page<StoredAd> => ({ ...p, items: p.items.map((i) => stripKeys(i) as unknown as StoredAd) });

export async function getAd(id: string): Promise<StoredAd | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: table(), Key: keys.ad(id) }));
  return Item ? (stripKeys(Item) as unknown as StoredAd) : undefined;
}

export const adPut = (ad: StoredAd): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { ...keys.ad(ad._id), ...keys.adIndexes(ad), ...ad },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export const listAllAds = (page: PageRequest) => queryPage<Record<string, unknown>>({ index: 'GSI1', partition: 'ADS' }, page).then(clean);
export const listAdsOfBusiness = (businessId: string, page: PageRequest) =>
  queryPage<Record<string, unknown>>({ index: 'GSI2', partition: `BUSINESSADS#${businessId}` }, page).then(clean);

/** Deletes the ad if it still belongs to `businessId`; false when it was gone already. */
export async function deleteAdOf(id: string, businessId: string): Promise<boolean> {
  try {
    await ddb().send(new DeleteCommand({
      TableName: table(),
      Key: keys.ad(id),
      ConditionExpression: 'businessId = :b',
      ExpressionAttributeValues: { ':b': businessId },
    }));
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}
