/**
 * The price guide's storage (docs/access-patterns.md, "Price guide"). Per service and town, and per service across
 * Albania, one item `PRICEGUIDE#C#{category}` / `TOWN#{town}` or `ALL` holding, as attributes:
 *   `b#{YYYY-MM}#{bucket}`      accepted offers of that month in that price bucket (lambdas/model/priceGuide.ts)
 *   `f#{YYYY-MM}#{businessId}`  accepted offers of that month by that business (for the "3 businesses" rule)
 *   `updatedAt`                 when its counts last changed
 * read with one GetItem; months outside the window are ignored when read and removed when the item is next added to.
 *
 * Each offer's share is recorded in `PRICEGUIDE#OFFER#{offerId}` / `CONTRIBUTION` (its month, bucket, categories,
 * town, business, whether it is counted now, and the version of the offer state it reflects), written in the same
 * transaction as the counts it moves, on condition it is still what was read: an event handed over again, or one
 * older than the state taken in, changes nothing, and a cancelled acceptance takes away exactly what was added.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PriceFigure } from '../../common/priceGuide';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { getRecord } from './query';
import { transact, type TransactItem } from './transact';
import { figureOf, windowMonths, type AreaCounts, type OfferShare, type StoredContribution } from '../model/priceGuide';

const bucketAttribute = (month: string, bucket: number) => `b#${month}#${bucket}`;
const businessAttribute = (month: string, businessId: string) => `f#${month}#${businessId}`;
const monthOfAttribute = (name: string) => (/^[bf]#(\d{4}-\d{2})#/.exec(name) ?? [])[1];

/** The counts of one area over the window ending in the month of `now` (undefined: never counted). */
export function areaCountsOf(item: Record<string, unknown> | undefined, now = new Date()): AreaCounts | undefined {
  if (!item) return undefined;
  const months = new Set(windowMonths(now));
  const buckets = new Map<number, number>();
  const perBusiness = new Map<string, number>();
  for (const [name, value] of Object.entries(item)) {
    const month = monthOfAttribute(name);
    if (!month || !months.has(month) || typeof value !== 'number') continue;
    const rest = name.slice(month.length + 3);
    if (name.startsWith('b#')) buckets.set(Number(rest), (buckets.get(Number(rest)) ?? 0) + value);
    else perBusiness.set(rest, (perBusiness.get(rest) ?? 0) + value);
  }
  return {
    buckets,
    businesses: new Set([...perBusiness].filter(([, n]) => n > 0).map(([id]) => id)),
    updatedAt: typeof item.updatedAt === 'string' ? item.updatedAt : undefined,
  };
}

/** One area's stored item (one GetItem), as counts over the window. */
export async function readArea(category: string, town?: string, now = new Date()): Promise<AreaCounts | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: table(), Key: keys.priceGuideArea(category, town) }));
  return areaCountsOf(Item, now);
}

/**
 * The figure the guide shows for a service in a town: the town's own when it meets the rule, else the service's
 * across Albania (a second GetItem, only then), else null. Without a town: the figure across Albania.
 */
export async function readFigure(category: string, town?: string, now = new Date()): Promise<PriceFigure | null> {
  const inTown = town === undefined ? undefined : figureOf(await readArea(category, town, now), 'town');
  return inTown ?? figureOf(await readArea(category, undefined, now), 'country') ?? null;
}

/**
 * Every figure of a service, from one Query of its partition: across Albania (null when it does not meet the rule)
 * and in each town whose own figure does (the others are left out), most offers first.
 */
export async function readServiceFigures(
  category: string,
  now = new Date(),
): Promise<{ country: PriceFigure | null; towns: { town: string; figure: PriceFigure }[] }> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.priceGuidePartition(category) },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  let country: PriceFigure | null = null;
  const towns: { town: string; figure: PriceFigure }[] = [];
  for (const item of items) {
    const sk = String(item.sk);
    if (sk === keys.priceGuideArea(category).sk) {
      country = figureOf(areaCountsOf(item, now), 'country') ?? null;
      continue;
    }
    const town = sk.slice(TOWN_PREFIX.length);
    const figure = sk.startsWith(TOWN_PREFIX) ? figureOf(areaCountsOf(item, now), 'town') : undefined;
    if (figure) towns.push({ town, figure });
  }
  towns.sort((a, b) => b.figure.count - a.figure.count || a.town.localeCompare(b.town, 'sq'));
  return { country, towns };
}

const TOWN_PREFIX = keys.priceGuideArea('', '').sk;

export const getContribution = (offerId: string) =>
  getRecord<StoredContribution>(keys.priceGuideContribution(offerId), { consistent: true });

/** The updates that add (`delta` 1) or take away (-1) one offer's share, on every area it counts in. */
function shareUpdates(share: OfferShare, delta: 1 | -1, now: string): TransactItem[] {
  const areas = share.categories.flatMap((c) => [keys.priceGuideArea(c, share.town), keys.priceGuideArea(c)]);
  return areas.map((Key) => ({
    Update: {
      TableName: table(),
      Key,
      UpdateExpression: 'SET updatedAt = :now ADD #b :d, #f :d',
      ExpressionAttributeNames: {
        '#b': bucketAttribute(share.month, share.bucket),
        '#f': businessAttribute(share.month, share.businessId),
      },
      ExpressionAttributeValues: { ':now': now, ':d': delta },
    },
  }));
}

/** The contribution record's put, on condition it is still what was read (or still missing). */
function contributionPut(next: StoredContribution, read: StoredContribution | undefined): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...keys.priceGuideContribution(next.offerId), ...next },
      ConditionExpression: read ? 'version = :read' : 'attribute_not_exists(pk)',
      ...(read ? { ExpressionAttributeValues: { ':read': read.version } } : {}),
    },
  };
}

export type GuideChange = { change: 'added' | 'removed' | 'unchanged'; writes: number };

/**
 * Bring one offer's share of the guide to `share` (undefined: not counted) as of offer state `version`. A version
 * not newer than the one recorded changes nothing. A month outside the window moves no counts (they are ignored
 * already). A concurrent change of the same offer's record fails the transaction (the stream retries the record).
 */
export async function setOfferShare(
  offerId: string,
  version: string,
  share: OfferShare | undefined,
  now = new Date(),
): Promise<GuideChange> {
  const read = await getContribution(offerId);
  if (read && read.version >= version) return { change: 'unchanged', writes: 0 };
  const inWindow = (month: string | undefined) => !!month && windowMonths(now).includes(month);
  const at = now.toISOString();
  if (share && !read?.active) {
    const items = [
      contributionPut({ offerId, version, active: true, ...share }, read),
      ...(inWindow(share.month) ? shareUpdates(share, 1, at) : []),
    ];
    await transact(items);
    const pruned = await pruneAreas(share, now);
    return { change: 'added', writes: items.length + pruned };
  }
  if (!share && read?.active) {
    const old = read as StoredContribution & OfferShare;
    const items = [
      contributionPut({ ...old, version, active: false }, read),
      ...(inWindow(old.month) ? shareUpdates(old, -1, at) : []),
    ];
    await transact(items);
    return { change: 'removed', writes: items.length };
  }
  if (!read) return { change: 'unchanged', writes: 0 };
  // Counted before and now, or neither: only the version moves (so an older event replayed later stays ignored).
  await transact([contributionPut({ ...(read ?? {}), offerId, version, active: !!read?.active }, read)]);
  return { change: 'unchanged', writes: 1 };
}

/** Removes the attributes of months before the window from the areas of `share` (one read each); returns the writes. */
async function pruneAreas(share: OfferShare, now: Date): Promise<number> {
  const first = windowMonths(now)[0];
  let writes = 0;
  for (const c of share.categories) {
    for (const Key of [keys.priceGuideArea(c, share.town), keys.priceGuideArea(c)]) {
      const { Item } = await ddb().send(new GetCommand({ TableName: table(), Key }));
      const old = Object.keys(Item ?? {}).filter((name) => {
        const month = monthOfAttribute(name);
        return month !== undefined && month < first;
      });
      if (old.length === 0) continue;
      const names = Object.fromEntries(old.map((n, i) => [`#o${i}`, n]));
      await ddb().send(
        new UpdateCommand({
          TableName: table(),
          Key,
          UpdateExpression: `REMOVE ${Object.keys(names).join(', ')}`,
          ExpressionAttributeNames: names,
        }),
      );
      writes++;
    }
  }
  return writes;
}
