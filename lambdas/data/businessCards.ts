/**
 * A business's card on its offers, ads and search entries (docs/access-patterns.md, "A business's card on its
 * offers, ads and search entries"): each offer (GSI2 `BUSINESSOFFERS#{id}`), ad (GSI2 `BUSINESSADS#{id}`) and name
 * token (`BUSINESS#{id}` / `NAMETOKEN#...`) carries `business`, a copy of what the card shows
 * (lambdas/domain/profiles.ts businessCardCopy), so a request's offers, the Sponsored strip and search answer from
 * their one Query; so do its finished jobs, its ideas and their gallery entries (lambdas/model/ideas.ts). Every change of a card field moves `cardVersion` on the business in its own write; the handler
 * that made it then refreshes the copies within part of its time limit, and the stream's notifier
 * (lambdas/notify/businessCards.ts) runs the same refresh for every such change of the record.
 *
 * A copy is written by a conditional Update that never creates an item and only moves forward: on condition the
 * item exists and holds no copy or one of a version not above the one being written, so a refresh that read the
 * business before a newer change can never overwrite that change's copy. A copy that shows the same is left alone.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from './keys';
import { getRecord } from './query';
import { INDEXES } from './schema';
import { chunk, conditionalWrite } from './transact';
import type { StoredBusiness } from './users';
import { liveEntryKeysOfBusiness } from './ads';
import { businessCardCopy, sameCard, type BusinessCardCopy } from '../domain/profiles';
import { ideaEntryKeys, ideaKeys, type StoredIdea } from '../model/ideas';
import { copiesDeadline } from '../lib/dependencies';
import type { Logger } from '../lib/log';

type Key = { pk: string; sk: string };
type Start = Record<string, unknown> | undefined;

/** The attribute holding the copy on an offer, an ad or a name token. */
export const CARD_ATTRIBUTE = 'business';

/** Copies written at once by a refresh. */
export const CARD_WRITES_IN_PARALLEL = 16;

/** Where a business's copies are: its name tokens (its own partition), its offers and its ads (GSI2), its finished jobs (GSI1). */
const copySources = (businessId: string) => [
  {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :token)',
    ExpressionAttributeValues: { ':pk': keys.business(businessId).pk, ':token': 'NAMETOKEN#' },
    ConsistentRead: true,
  },
  {
    IndexName: INDEXES.GSI2.name,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.businessOffersPartition(businessId) },
  },
  {
    IndexName: INDEXES.GSI2.name,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.businessAdsPartition(businessId) },
  },
  {
    IndexName: INDEXES.GSI1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.businessJobsPartition(businessId) },
  },
];

type CopyHolder = Key & { [CARD_ATTRIBUTE]?: BusinessCardCopy };

/** One page (up to 100) of the items of one source: their keys and their copy. */
async function copiesPage(source: ReturnType<typeof copySources>[number], start: Start) {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      ...source,
      ProjectionExpression: 'pk, sk, #b',
      ExpressionAttributeNames: { '#b': CARD_ATTRIBUTE },
      Limit: 100,
      ExclusiveStartKey: start,
    }),
  );
  return { items: (out.Items ?? []) as CopyHolder[], next: out.LastEvaluatedKey as Start };
}

const TOKEN_SK_PREFIX = 'NAMETOKEN#';

/**
 * Writes a versioned copy (`v`) into `attribute` of one item, forward only: on condition the item exists and holds no
 * copy there or one of a version not above this one. False when there is no such item or it holds a newer copy. The
 * one write of every copy kept this way (the business's card here, a job's price band: lambdas/data/priceBandCopies.ts).
 */
export function writeCopy(key: Key, attribute: string, copy: { v: number }, alsoSet?: Record<string, string>) {
  const extra = Object.entries(alsoSet ?? {});
  return conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: ['SET #c = :copy', ...extra.map(([name], i) => `${name} = :x${i}`)].join(', '),
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#c) OR #c.#v <= :v)',
      ExpressionAttributeNames: { '#c': attribute, '#v': 'v' },
      ExpressionAttributeValues: {
        ':copy': copy,
        ':v': copy.v,
        ...Object.fromEntries(extra.map(([, value], i) => [`:x${i}`, value])),
      },
    }),
  );
}

/**
 * Writes `card` onto one item, forward only; false when there is no such item or it holds a newer copy. A name
 * token's sort key on the search index moves with the card's plan (a dearer plan first: lambdas/domain/search.ts).
 */
export async function writeCard(key: Key, card: BusinessCardCopy): Promise<boolean> {
  const token = key.sk.startsWith(TOKEN_SK_PREFIX) ? key.sk.slice(TOKEN_SK_PREFIX.length) : undefined;
  const businessId = key.pk.slice('BUSINESS#'.length);
  return writeCopy(
    key,
    CARD_ATTRIBUTE,
    card,
    token === undefined ? undefined : { gsi1sk: keys.businessNameToken(businessId, token, card.plan).gsi1sk },
  );
}

/** The attributes a refresh of an idea's copies reads of it: its keys, its copies and what names its entries. */
export const IDEA_COPY_PROJECTION = {
  ProjectionExpression: 'pk, sk, #id, createdAt, room, #style, town, service, #hidden, #b, priceBand',
  ExpressionAttributeNames: { '#id': '_id', '#style': 'style', '#hidden': 'hidden', '#b': CARD_ATTRIBUTE },
};

/**
 * Writes a copy onto the ideas given (found by a Query of IDEA_COPY_PROJECTION) that show another one: each idea's
 * gallery entries first, then the idea, so an idea that shows the copy had its entries written before it (a refresh
 * stopped in between finds the idea stale and writes both again). Stops before a batch once `until` has passed.
 */
export async function writeIdeaCopies(
  ideas: (StoredIdeaCopies & Key)[],
  attribute: 'business' | 'priceBand',
  copy: { v: number },
  same: (held: StoredIdeaCopies) => boolean,
  until?: number,
): Promise<{ changed: number; complete: boolean }> {
  let changed = 0;
  for (const batch of chunk(
    ideas.filter((i) => !same(i)),
    CARD_WRITES_IN_PARALLEL,
  )) {
    if (until !== undefined && Date.now() >= until) return { changed, complete: false };
    const written = await Promise.all(
      batch.map(async (idea) => {
        await Promise.all(ideaEntryKeys(idea).map((entry) => writeCopy(entry, attribute, copy)));
        return writeCopy({ pk: idea.pk, sk: idea.sk }, attribute, copy);
      }),
    );
    changed += written.filter(Boolean).length;
  }
  return { changed, complete: true };
}

type StoredIdeaCopies = Pick<StoredIdea, '_id' | 'createdAt' | 'room' | 'style' | 'town' | 'service' | 'hidden'> & {
  business?: BusinessCardCopy;
  priceBand?: StoredIdea['priceBand'];
};

/** The business's ideas with what a refresh of their copies reads, a page of 100 after the other (GSI1). */
export async function ideasOfBusinessForCopies(businessId: string): Promise<(StoredIdeaCopies & Key)[]> {
  const items: (StoredIdeaCopies & Key)[] = [];
  let start: Start;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        IndexName: INDEXES.GSI1.name,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': ideaKeys.businessIdeasPartition(businessId) },
        ...IDEA_COPY_PROJECTION,
        Limit: 100,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((out.Items ?? []) as (StoredIdeaCopies & Key)[]));
    start = out.LastEvaluatedKey as Start;
  } while (start);
  return items;
}

/** The business's card as it is now (strongly consistent); undefined when the record is gone. */
export async function currentCard(businessId: string): Promise<BusinessCardCopy | undefined> {
  const record = await getRecord<StoredBusiness>(keys.business(businessId), { consistent: true });
  return record ? businessCardCopy(record) : undefined;
}

/** What a refresh did: copies written, and whether every item was looked at. */
export interface CardRefresh {
  changed: number;
  complete: boolean;
}

/**
 * Brings every copy of business `businessId`'s card to the record as read now (strongly consistent): its name
 * tokens, offers, ads, finished jobs and ideas (with their gallery entries), a page of 100 after the other, CARD_WRITES_IN_PARALLEL writes at a time, only the items
 * whose copy shows something else. With `until` (epoch ms) no batch starts after it (the stream does the rest).
 */
export async function refreshBusinessCards(businessId: string, opts: { until?: number } = {}): Promise<CardRefresh> {
  const card = await currentCard(businessId);
  if (!card) return { changed: 0, complete: true };
  let changed = 0;
  for (const source of copySources(businessId)) {
    let start: Start;
    do {
      const page = await copiesPage(source, start);
      const stale = page.items.filter((i) => !sameCard(i[CARD_ATTRIBUTE], card));
      for (const batch of chunk(stale, CARD_WRITES_IN_PARALLEL)) {
        if (opts.until !== undefined && Date.now() >= opts.until) return { changed, complete: false };
        const written = await Promise.all(batch.map((i) => writeCard({ pk: i.pk, sk: i.sk }, card)));
        changed += written.filter(Boolean).length;
      }
      start = page.next;
    } while (start);
  }
  // Its ideas and their gallery entries (lambdas/model/ideas.ts IDEA_COPIES), the entries of each before it.
  const ideas = await writeIdeaCopies(
    await ideasOfBusinessForCopies(businessId),
    CARD_ATTRIBUTE,
    card,
    (i) => sameCard(i.business, card),
    opts.until,
  );
  changed += ideas.changed;
  if (!ideas.complete) return { changed, complete: false };
  // Its live Sponsored runs' entries (a strip's copies: lambdas/data/ads.ts), written forward only like the rest.
  const entries = await liveEntryKeysOfBusiness(businessId);
  for (const batch of chunk(entries, CARD_WRITES_IN_PARALLEL)) {
    if (opts.until !== undefined && Date.now() >= opts.until) return { changed, complete: false };
    // Each entry read first: only one that shows another card is written (and counted).
    const written = await Promise.all(
      batch.map(async (key) => {
        const entry = await getRecord<Record<string, unknown>>(key, { consistent: true });
        return (
          !!entry && !sameCard(entry[CARD_ATTRIBUTE] as BusinessCardCopy | undefined, card) && writeCard(key, card)
        );
      }),
    );
    changed += written.filter(Boolean).length;
  }
  return { changed, complete: true };
}

/**
 * After a change of business `businessId`'s card (in the handler that made it, from `started`): its copies are
 * written before the answer within half the request's time limit. What is left then, or a failure of the refresh
 * (the change itself is saved), is for the stream's notifier, which runs the same refresh for the change.
 */
export async function refreshAfterChange(businessId: string, started: number, log: Logger): Promise<void> {
  try {
    const done = await refreshBusinessCards(businessId, { until: copiesDeadline(started) });
    if (!done.complete) log.info('Card copies left to the stream', { businessId, written: done.changed });
  } catch (err) {
    log.warn('Card copies left to the stream after a failure', {
      businessId,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    });
  }
}

/**
 * After an item was written with the card copy `copy` read before it (a new offer or ad): when the business's card
 * moved meanwhile, its refresh may have missed the new item, so the item gets the current card (forward only).
 */
export async function settleNewCopy(key: Key, businessId: string, copy: BusinessCardCopy): Promise<void> {
  const card = await currentCard(businessId);
  if (card && card.v !== copy.v) await writeCard(key, card);
}

/**
 * The card of the business whose own list a page is (its ads, its finished jobs): the newest copy on the page; only
 * an empty page, or one whose finished jobs are too new to carry the card yet (a review's job is written without
 * it, then given it by the refresh that follows the review), reads the business. Undefined when the business does not
 * exist.
 */
export async function cardOfListOwner(
  businessId: string,
  items: { businessId: string; [CARD_ATTRIBUTE]?: BusinessCardCopy }[],
): Promise<BusinessCardCopy | undefined> {
  let newest: BusinessCardCopy | undefined;
  for (const i of items) {
    const copy = i[CARD_ATTRIBUTE];
    if (i.businessId === businessId && copy && (newest?.v ?? -1) < copy.v) newest = copy;
  }
  if (newest) return newest;
  const record = await getRecord<StoredBusiness>(keys.business(businessId));
  return record && businessCardCopy(record);
}
