/**
 * A business's card carried onto its offers, ads and search entries from the stream (docs/access-patterns.md, "A
 * business's card on its offers, ads and search entries"): the request that changed the card writes the copies
 * within half its time limit; every business record whose card changed (its `cardVersion` or a field the card
 * shows) is handed here too, and the same idempotent refresh writes whatever copy still shows something else (usually
 * none: one GetItem and a Query per 100 items of each kind). A failure leaves the record for the stream to retry.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { CARD_ATTRIBUTE, refreshBusinessCards } from '../data/businessCards';
import { PRICE_BAND_ATTRIBUTE } from '../data/priceBandCopies';
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

/**
 * Whether a stream record is only a card copy written onto an offer, an ad, a name token, a finished job, an idea or
 * its gallery entry (or a price band's copy onto an idea or entry), nothing else of the item changed: no
 * notification, count or price guide share follows from it, so the notifier skips it.
 */
export function onlyCardCopyChanged(record: DynamoDBRecord): boolean {
  if (record.eventName !== 'MODIFY') return false;
  const next = image(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
  const old = image(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined);
  if (!next || !old || !holdsCardCopy(next)) return false;
  // An idea and its gallery entries hold a second copy (a job's price band: lambdas/data/priceBandCopies.ts).
  const copies = isIdeaItem(next) ? [CARD_ATTRIBUTE, PRICE_BAND_ATTRIBUTE] : [CARD_ATTRIBUTE];
  const without = (i: Item) => Object.fromEntries(Object.entries(i).filter(([name]) => !copies.includes(name)));
  const changed = copies.some((c) => JSON.stringify(next[c]) !== JSON.stringify(old[c]));
  return changed && sameItem(without(old), without(next));
}

/** An idea or one of its gallery entries (lambdas/model/ideas.ts). */
const isIdeaItem = (i: Item) =>
  typeof i.pk === 'string' && ((i.pk.startsWith('IDEA#') && i.sk === 'IDEA') || i.pk.startsWith('IDEAS#'));

/**
 * An offer, an ad, a name token, a finished job, an idea or a gallery entry of one (a chat room's `business` is
 * another copy: lambdas/data/roomProfiles.ts).
 */
const holdsCardCopy = (i: Item) =>
  typeof i.pk === 'string' &&
  typeof i.sk === 'string' &&
  ((i.pk.startsWith('OFFER#') && i.sk === 'OFFER') ||
    (i.pk.startsWith('AD#') && i.sk === 'AD') ||
    (i.pk.startsWith('BUSINESS#') && i.sk.startsWith('NAMETOKEN#')) ||
    (i.pk.startsWith('POST#') && i.sk === 'FINISHEDJOB') ||
    isIdeaItem(i));

/** Two stream images of an item hold the same attributes (values compared as JSON; order of map keys aside). */
function sameItem(a: Item, b: Item): boolean {
  const names = Object.keys(a);
  if (names.length !== Object.keys(b).length) return false;
  return names.every((n) => n in b && JSON.stringify(sorted(a[n])) === JSON.stringify(sorted(b[n])));
}
const sorted = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sorted)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v as Item)
            .sort()
            .map((k) => [k, sorted((v as Item)[k])]),
        )
      : v;

export async function carryBusinessCard(record: DynamoDBRecord): Promise<void> {
  const businessId = cardChangeOf(record);
  if (businessId) await refreshBusinessCards(businessId);
}
