/**
 * A business's services (its `categories`) as the suggested posts read them (pattern 8), without a read of the
 * business's record beside the page's Query on every call: each process (a Lambda container, the local gateway) keeps
 * the services it read for BUSINESS_CATEGORIES_FRESH_MS, and takes a business's new services at once when it
 * writes that business's profile itself (businessProfileWritten, called by lambdas/data/businesses.ts after every
 * profile write),
 * so an edit of the services shows in the suggestions at once in the process that made it (the local stack's only
 * one) and within BUSINESS_CATEGORIES_FRESH_MS everywhere else. A read begun before such a write is not kept.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from '../model/keys';

/** How old a process's copy of a business's services may be before it reads them again. */
export const BUSINESS_CATEGORIES_FRESH_MS = 5000;
/** Businesses kept per process; past it the oldest read goes first. */
const KEPT_MAX = 10_000;

interface Kept {
  categories: string[];
  /** When the read that gave them started. */
  readAt: number;
}

const kept = new Map<string, Kept>();
/** Moves on with every profile write of this process, so a read begun before one is not kept. */
let generation = 0;

function keep(cacheKey: string, copy: Kept) {
  kept.delete(cacheKey);
  if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!);
  kept.set(cacheKey, copy);
}

/**
 * The services of business `id` (undefined: no such business), from this process's copy while it is fresh, else one
 * GetItem of the record (only its services).
 */
export async function businessCategories(id: string): Promise<string[] | undefined> {
  const cacheKey = `${table()}/${id}`;
  const copy = kept.get(cacheKey);
  if (copy && Date.now() - copy.readAt < BUSINESS_CATEGORIES_FRESH_MS) return copy.categories;
  const startedAt = Date.now();
  const startedIn = generation;
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: table(),
      Key: keys.business(id),
      ProjectionExpression: '#id, categories',
      ExpressionAttributeNames: { '#id': '_id' },
    }),
  );
  if (!Item) return undefined;
  const categories = (Item.categories as string[] | undefined) ?? [];
  if (startedIn === generation) keep(cacheKey, { categories, readAt: startedAt });
  return categories;
}

/**
 * After this process wrote a business's profile (the write succeeded; `categories` as written): its copy becomes
 * what was written, so no read of a replica that has not the write yet can give the old services back.
 */
export function businessProfileWritten(business: { _id: string; categories?: string[] }): void {
  generation++;
  keep(`${table()}/${business._id}`, { categories: business.categories ?? [], readAt: Date.now() });
}
