/** Ads (`AD#{id}`; GSI1 `ADS` newest first, GSI2 `BUSINESSADS#{businessId}`). */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from './keys';
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

export const listAllAds = (page: PageRequest) => queryPage<StoredAd>({ index: 'GSI1', partition: 'ADS' }, page);
export const listAdsOfBusiness = (businessId: string, page: PageRequest) =>
  queryPage<StoredAd>({ index: 'GSI2', partition: `BUSINESSADS#${businessId}` }, page);

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
