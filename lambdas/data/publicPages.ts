/**
 * What the public pages read, and the items the business transactions keep for them (docs/access-patterns.md,
 * "Public pages"). Queries and GetItems only:
 *  - `SLUG#{slug}` / `SLUG` → {businessId}: every address word a business has had. The business record holds the
 *    current one (`slug`); an earlier one answers 301 to it. Put on condition it is free (or already this business's).
 *  - `PUBLICBIZ` / `{businessId}` → {slug, businessName}: the businesses whose page is on (sitemap, landing figures).
 *  - `DIR#{serviceId}` / `{businessId}` → {slug, businessName, towns}: one per service a public business offers,
 *    listing the towns it serves; a service x town page is that partition's Query filtered on the town.
 * These items carry no rating, badge or moderation state: a page reads those from the business records
 * (BatchGet), which the review, verification and moderation transactions move, so a page never shows a stale copy.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { businessSlugBase, isCandidateOf, slugCandidate } from '../../common/publicPages';
import { serviceTownsOf } from '../model/users';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { batchGet, getRecord } from './query';
import type { TransactItem } from './transact';
import type { StoredBusiness } from '../model/users';

/** How many suffixed slugs (`name-2`, `name-3`, …) a write tries before one made from the id. */
export const SLUG_ATTEMPTS = 20;

/** Whether a business's public page is shown: it did not turn it off, no moderator hid it, its owner did not delete it. */
export const isPublic = (b: Pick<StoredBusiness, 'publicPage' | 'hidden' | 'closed'>) =>
  b.publicPage !== false && !b.hidden && !b.closed;

/** The slug to try on attempt `attempt` (0-based) for a business with this name and id. */
export function slugAttempt(name: string, businessId: string, attempt: number): string {
  const base = businessSlugBase(name);
  return attempt < SLUG_ATTEMPTS ? slugCandidate(base, attempt + 1) : `${base}-${businessId.slice(0, 8)}`;
}

/**
 * Whether a write must give the business a new slug: it has none yet, or its name changed so that its slug
 * is no longer made from it (a rename that folds to the same words keeps its address).
 */
export const needsNewSlug = (b: Pick<StoredBusiness, 'slug' | 'businessName'>) =>
  !b.slug || !isCandidateOf(b.slug, businessSlugBase(b.businessName));

/** The slug's item, put on condition that it is free or already this business's (an old slug taken back). */
export const slugPut = (slug: string, businessId: string, now: string): TransactItem => ({
  Put: {
    TableName: table(),
    // Listed by its business too, so the business's erasure finds every address it had (lambdas/privacy/erasure.ts).
    Item: { ...keys.slug(slug), ...keys.slugsOfIndex(businessId, slug), slug, businessId, createdAt: now },
    ConditionExpression: 'attribute_not_exists(pk) OR businessId = :id',
    ExpressionAttributeValues: { ':id': businessId },
  },
});

type PublicFields = Pick<
  StoredBusiness,
  '_id' | 'slug' | 'businessName' | 'categories' | 'serviceTowns' | 'location' | 'publicPage'
>;

/**
 * The directory and public-list items of a business whose record goes from `before` to `after` (before:
 * undefined when it is created): put while its page is on, deleted when it is turned off or a service dropped.
 */
export function publicListWrites(before: PublicFields | undefined, after: PublicFields): TransactItem[] {
  const on = after.publicPage !== false && !!after.slug;
  const wasIn = new Set(before && before.publicPage !== false ? (before.categories ?? []) : []);
  const items: TransactItem[] = [];
  const id = after._id;
  if (!on) {
    items.push({ Delete: { TableName: table(), Key: keys.publicBusiness(id) } });
    for (const c of new Set([...wasIn, ...(after.categories ?? [])]))
      items.push({ Delete: { TableName: table(), Key: keys.directoryEntry(c, id) } });
    return items;
  }
  const card = { businessId: id, slug: after.slug, businessName: after.businessName };
  items.push({ Put: { TableName: table(), Item: { ...keys.publicBusiness(id), ...card } } });
  const now = new Set(after.categories ?? []);
  for (const c of now)
    items.push({
      Put: { TableName: table(), Item: { ...keys.directoryEntry(c, id), ...card, towns: serviceTownsOf(after) } },
    });
  for (const c of wasIn)
    if (!now.has(c)) items.push({ Delete: { TableName: table(), Key: keys.directoryEntry(c, id) } });
  return items;
}

/** Whether a change touches what the public lists hold (so the update rewrites them). */
export const PUBLIC_LIST_FIELDS = [
  'businessName',
  'categories',
  'serviceTowns',
  'location',
  'publicPage',
  'slug',
] as const satisfies readonly (keyof StoredBusiness)[];

/** The business an address word names now or named before (its record, whatever its state), if any. */
export async function getBusinessBySlug(slug: string): Promise<StoredBusiness | undefined> {
  const item = await getRecord<{ businessId: string }>(keys.slug(slug));
  return item ? getRecord<StoredBusiness>(keys.business(item.businessId)) : undefined;
}

/** Every item of a partition (Query pages until the end), optionally filtered. */
async function queryAll<T>(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<T[]> {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(new QueryCommand({ ...input, TableName: table(), ExclusiveStartKey: start }));
    items.push(...((out.Items ?? []) as T[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The records of these businesses that are public, in the given order. */
async function publicRecords(ids: string[]): Promise<StoredBusiness[]> {
  const found = new Map(
    (await batchGet<StoredBusiness>(ids.map((id) => keys.business(id)))).map((b) => [b._id, b] as const),
  );
  return ids.map((id) => found.get(id)).filter((b): b is StoredBusiness => !!b && isPublic(b) && !!b.slug);
}

/** Every business whose public page is on (the sitemap and the landing's figures). */
export async function listPublicBusinesses(): Promise<StoredBusiness[]> {
  const items = await queryAll<{ businessId: string }>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.publicBusinessesPartition },
    ProjectionExpression: 'businessId',
  });
  return publicRecords(items.map((i) => i.businessId));
}

/** The public businesses offering a service, in every town or in one. */
export async function listDirectory(serviceId: string, town?: string): Promise<StoredBusiness[]> {
  const items = await queryAll<{ businessId: string }>({
    KeyConditionExpression: 'pk = :pk',
    ...(town ? { FilterExpression: 'contains(towns, :town)' } : {}),
    ExpressionAttributeValues: { ':pk': keys.directoryPartition(serviceId), ...(town ? { ':town': town } : {}) },
    ProjectionExpression: 'businessId',
  });
  return publicRecords(items.map((i) => i.businessId));
}
