/**
 * A business's card carried onto its offers, ads and search entries from the stream (docs/access-patterns.md, "A
 * business's card on its offers, ads and search entries"): the request that changed the card writes the copies
 * within half its time limit; every business record whose card changed (its `cardVersion` or a field the card
 * shows) is handed here too, and the same idempotent refresh writes whatever copy still shows something else (usually
 * none: one GetItem and a Query per 100 items of each kind). A failure leaves the record for the stream to retry.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { refreshBusinessCards } from '../data/businessCards';
import { keys } from '../data/keys';
import type { StoredBusiness } from '../data/users';
import { businessCardCopy, sameCard } from '../domain/profiles';
import { image } from './events';

type Item = Record<string, unknown>;
const isBusinessRecord = (i: Item | undefined): i is Item & { _id: string } => {
  if (typeof i?._id !== 'string') return false;
  const key = keys.business(i._id);
  return i.pk === key.pk && i.sk === key.sk;
};

/** The business whose card a stream record changed; undefined for every other change. */
export function cardChangeOf(record: DynamoDBRecord): string | undefined {
  if (record.eventName !== 'MODIFY') return undefined;
  const next = image(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
  const old = image(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined);
  if (!isBusinessRecord(next) || !isBusinessRecord(old)) return undefined;
  const [before, after] = [
    businessCardCopy(old as unknown as StoredBusiness),
    businessCardCopy(next as unknown as StoredBusiness),
  ];
  return before.v === after.v && sameCard(before, after) ? undefined : next._id;
}

export async function carryBusinessCard(record: DynamoDBRecord): Promise<void> {
  const businessId = cardChangeOf(record);
  if (businessId) await refreshBusinessCards(businessId);
}
