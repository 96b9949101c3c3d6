/**
 * The price guide kept from the table's stream (the notifier's pattern): an offer that becomes counted
 * (accepted, or finished) adds its price to its post's services in its town and across Albania; one that stops
 * being counted (the acceptance cancelled, the accepted offer deleted) takes it away again. Idempotent per event
 * (lambdas/data/priceGuide.ts records each offer's share and the state it reflects). Most records read nothing.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { StoredPost } from '../model/posts';
import { keys } from '../model/keys';
import { getRecord } from '../data/query';
import { setOfferShare, type GuideChange } from '../data/priceGuide';
import type { OfferShare } from '../model/priceGuide';
import type { StoredOffer } from '../model/offers';
import { REMOVED_VERSION, bucketOf, countsInGuide, monthOf, offerVersion } from '../model/priceGuide';
import { image } from './events';

type Item = Record<string, unknown>;
const isOffer = (i: Item | undefined) => typeof i?.pk === 'string' && i.pk.startsWith('OFFER#') && i.sk === 'OFFER';

/** What a counted offer adds: its price's bucket in the month of its acceptance, on its post's services and town. */
async function shareOf(offer: StoredOffer): Promise<OfferShare | undefined> {
  const post = await getRecord<StoredPost>(keys.post(offer.postId));
  if (!post || !(post.category?.length > 0) || !post.location || !(offer.price > 0)) return undefined;
  return {
    month: monthOf(offerVersion(offer)),
    bucket: bucketOf(offer.price),
    categories: [...new Set(post.category)],
    town: post.location,
    businessId: offer.businessId,
  };
}

/** Bring the guide to the offer's state as read (the rebuild script, and the stream below). */
export async function syncOffer(offer: StoredOffer, now = new Date()): Promise<GuideChange> {
  const share = countsInGuide(offer.status) ? await shareOf(offer) : undefined;
  return setOfferShare(offer._id, offerVersion(offer), share, now);
}

/** Move the guide for one stream record; undefined when the record is not about a counted offer. */
export async function movePriceGuide(record: DynamoDBRecord, now = new Date()): Promise<GuideChange | undefined> {
  const next = image(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
  const old = image(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined);
  if (!isOffer(next) && !isOffer(old)) return undefined;
  const removed = record.eventName === 'REMOVE';
  const counted = !removed && countsInGuide(next?.status as string);
  if (!counted && !countsInGuide(old?.status as string)) return undefined;
  if (removed) return setOfferShare((old as unknown as StoredOffer)._id, REMOVED_VERSION, undefined, now);
  return syncOffer(next as unknown as StoredOffer, now);
}
