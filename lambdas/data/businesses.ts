/**
 * Business records and their name-token index (pattern 3). Each distinct folded token of the name is
 * an item `BUSINESS#{id}` / `NAMETOKEN#{token}` on GSI1 (`BNAME#{token[0]}`, `{token}#{id}`) carrying
 * what a search hit shows, so a search is one Query. The tokens are rewritten in the same transaction
 * as every profile change.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PlanId } from '../../common/constants';
import type { BusinessRating, BusinessSearchHit } from '../../common/types';
import type { BusinessVerified } from '../../common/verification';
import { indexTokens, matchesTokens, planSearch, type SearchPlan } from '../model/search';
import { encodeCursor } from '../lib/cursor';
import { getRecord, invalidCursor, isValidationError, startKeyOf, type Page, type PageRequest } from './query';
import { imageUrl } from '../lib/images';
import { accountPut } from './accounts';
import { businessProfileWritten } from './businessCategories';
import { startNotificationState } from './notifications';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { INDEXES } from '../model/schema';
import { transact, TransactionRefused, type TransactItem } from './transact';
import { buildUpdate } from './users';
import { type StoredBusiness } from '../model/users';
import { copySourceWritten } from './copies';
import { COPIES, businessCardCopy, copyFields, type BusinessCardCopy } from '../model/copies';
import { needsNewSlug, PUBLIC_LIST_FIELDS, publicListWrites, SLUG_ATTEMPTS, slugAttempt, slugPut } from './publicPages';

export { getBusinessById } from './users';

interface TokenItemFields {
  businessId: string;
  businessName: string;
  location: string;
  profilePicture?: string;
  nameTokens: string[];
  /** The business's card (lambdas/model/copies.ts COPIES.businessCard): its rating, badge and whether moderation hid it. */
  business: BusinessCardCopy;
}

/**
 * The token items of business `b` (as it is after the write, `cardVersion` included), each with its card (also what
 * cancelling an account's deletion puts back: lambdas/privacy/closure.ts).
 */
export function tokenPuts(b: StoredBusiness, tokens: string[]): TransactItem[] {
  const fields: TokenItemFields = {
    businessId: b._id,
    businessName: b.businessName,
    location: b.location,
    profilePicture: b.profilePicture,
    nameTokens: tokens,
    ...(copyFields('businessCard', b) as { business: BusinessCardCopy }),
  };
  return tokens.map((t) => ({
    Put: { TableName: table(), Item: { ...keys.businessNameToken(b._id, t, b.plan), ...fields } },
  }));
}

/**
 * Create the caller's business record, its account lookup, name tokens, public address (slug) and public list
 * items; false when it exists. A slug taken by another business moves on to the next candidate (`name-2`, …).
 */
export async function createBusinessRecord(business: StoredBusiness): Promise<boolean> {
  const tokens = indexTokens(business.businessName);
  for (let attempt = 0; ; attempt++) {
    const slug = slugAttempt(business.businessName, business._id, attempt);
    const record = { ...business, slug };
    const items: TransactItem[] = [
      accountPut({ sub: business.cognitoId, role: 'business', id: business._id }, business.createdAt),
      {
        Put: {
          TableName: table(),
          Item: { ...keys.business(business._id), ...record, nameTokens: tokens },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      slugPut(slug, business._id, business.createdAt),
      ...tokenPuts(record, tokens),
      ...publicListWrites(undefined, record),
      startNotificationState(business.cognitoId),
    ];
    try {
      await transact(items);
      business.slug = slug;
      businessProfileWritten(business);
      return true;
    } catch (err) {
      if (!(err instanceof TransactionRefused)) throw err;
      if (err.conditionFailed(0) || err.conditionFailed(1)) return false;
      if (err.conditionFailed(2) && attempt < SLUG_ATTEMPTS) continue;
      if (err.conflict) return false;
      throw err;
    }
  }
}

export type BusinessChanges = Partial<
  Pick<
    StoredBusiness,
    | 'businessName'
    | 'username'
    | 'description'
    | 'location'
    | 'categories'
    | 'profilePicture'
    | 'showroom'
    | 'language'
    | 'serviceTowns'
    | 'publicPage'
  >
>;

/**
 * Apply changes to `current` (the record as just read, owned by `ownerSub`), rewriting its name
 * tokens, its public address and its public list items in the same transaction. The update is conditional on
 * the owner and on the record not having changed since it was read (`updatedAt`), so the token set and the
 * lists never go stale. A rename to other words gives a new slug (the old one stays, answering 301). Returns the
 * new record, or undefined when the condition failed (a concurrent change).
 */
export async function updateBusinessRecord(
  current: StoredBusiness,
  ownerSub: string,
  changes: BusinessChanges,
  now: string,
): Promise<StoredBusiness | undefined> {
  const id = current._id;

  const next: StoredBusiness = { ...current, ...changes, updatedAt: now };
  for (const [k, v] of Object.entries(changes))
    if (v === undefined) delete (next as unknown as Record<string, unknown>)[k];
  const oldTokens = current.nameTokens ?? indexTokens(current.businessName);
  const newTokens = indexTokens(next.businessName);
  // The token items (name, town, picture) carry the card: they and the card move together, and the card's version
  // moves in this transaction (cardVersion) when either does.
  const searchFieldsChanged =
    ['businessName', 'location', 'profilePicture'].some((k) => k in changes) ||
    COPIES.businessCard.fields.some((k) => k in changes);
  if (searchFieldsChanged) next.cardVersion = (current.cardVersion ?? 0) + 1;
  const newSlug = needsNewSlug(next);
  const listsChanged = newSlug || PUBLIC_LIST_FIELDS.some((k) => k in changes);

  for (let attempt = 0; ; attempt++) {
    const slug = newSlug ? slugAttempt(next.businessName, id, attempt) : next.slug;
    const after = { ...next, slug };
    const update = buildUpdate({ ...changes, nameTokens: newTokens, updatedAt: now, ...(newSlug ? { slug } : {}) });
    const items: TransactItem[] = [
      {
        Update: {
          TableName: table(),
          Key: keys.business(id),
          UpdateExpression: update.expression + (searchFieldsChanged ? ' ADD cardVersion :cardStep' : ''),
          ConditionExpression: current.updatedAt
            ? 'cognitoId = :owner AND updatedAt = :seen'
            : 'cognitoId = :owner AND attribute_not_exists(updatedAt)',
          ExpressionAttributeNames: update.names,
          ExpressionAttributeValues: {
            ...update.values,
            ...(searchFieldsChanged ? { ':cardStep': 1 } : {}),
            ':owner': ownerSub,
            ...(current.updatedAt ? { ':seen': current.updatedAt } : {}),
          },
        },
      },
    ];
    if (newSlug && slug) items.push(slugPut(slug, id, now));
    if (searchFieldsChanged) {
      items.push(
        ...oldTokens
          .filter((t) => !newTokens.includes(t))
          .map((t) => ({ Delete: { TableName: table(), Key: { pk: keys.business(id).pk, sk: `NAMETOKEN#${t}` } } })),
      );
      items.push(...tokenPuts(after, newTokens));
    }
    if (listsChanged) items.push(...publicListWrites(current, after));
    try {
      await transact(items);
    } catch (err) {
      if (!(err instanceof TransactionRefused)) throw err;
      if (err.conditionFailed(0) || err.conflict) return undefined;
      if (newSlug && err.conditionFailed(1) && attempt < SLUG_ATTEMPTS) continue;
      throw err;
    }
    businessProfileWritten(after);
    copySourceWritten('business', current, after);
    return { ...after, nameTokens: newTokens };
  }
}

/** The sort key of a token item; DynamoDB orders them by their UTF-8 bytes. */
const tokenSortKey = (token: string, businessId: string, plan: PlanId | undefined) =>
  Buffer.from(keys.businessNameToken(businessId, token, plan).gsi1sk, 'utf8');

/**
 * Whether this token item is where its business is answered: a business whose name has several
 * words starting with the query ("casa casablanca" for "cas") has one item per word in the range,
 * and is answered only at the first of them in the index's order. So every page is computed from the
 * cursor alone and no business appears twice across pages.
 */
function answeredHere(item: TokenItemFields & { gsi1sk: string }, plan: SearchPlan): boolean {
  if (!matchesTokens(item.nameTokens ?? [], plan.words)) return false;
  if (plan.words.length > 1) return true; // the first word must equal the token: one item per business
  const here = Buffer.from(item.gsi1sk, 'utf8');
  return !(item.nameTokens ?? []).some(
    (t) =>
      t.startsWith(plan.words[0]) && Buffer.compare(tokenSortKey(t, item.businessId, item.business.plan), here) < 0,
  );
}

/**
 * A search hit as the token index holds it, with the business's card copied onto the token item (its rating, badge
 * and moderation's mark: lambdas/model/copies.ts COPIES.businessCard).
 */
export type NameHit = Omit<BusinessSearchHit, keyof BusinessRating | keyof BusinessVerified> & {
  business: BusinessCardCopy;
};

/**
 * One page of the businesses whose name matches `query` (lambdas/model/search.ts), in the index's order, from
 * `page.cursor`: Queries of `page.limit` token items, keeping the items where a business is answered, until the page
 * holds `page.limit` hits, the range ends, or SEARCH_READS_PER_PAGE Queries were made; [] for a blank query. Filling
 * the page matters for a query of several words whose first word is common ("studio yll" among every "Studio ..."):
 * one Query's items may hold none of its hits, and the app shows the first page. The next cursor is the key of the
 * page's last hit when the page is full (absent at the end of the range), else where the last Query stopped.
 */
export async function searchBusinessesByName(query: string, page: PageRequest): Promise<Page<NameHit>> {
  const plan = planSearch(query);
  if (!plan) return { items: [] };
  let start = startKeyOf(page.cursor, plan.partition, 'GSI1');
  const hits: NameHit[] = [];
  for (let read = 1; ; read++) {
    let out;
    try {
      out = await ddb().send(
        new QueryCommand({
          TableName: table(),
          IndexName: INDEXES.GSI1.name,
          KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
          ExpressionAttributeValues: { ':pk': plan.partition, ':prefix': plan.sortPrefix },
          Limit: page.limit,
          ExclusiveStartKey: start,
        }),
      );
    } catch (err) {
      throw start && isValidationError(err) ? invalidCursor() : err;
    }
    const items = (out.Items ?? []) as (TokenItemFields & TokenItemKey)[];
    for (const item of items) {
      if (!answeredHere(item, plan)) continue;
      hits.push({
        _id: item.businessId,
        businessName: item.businessName,
        location: item.location,
        ...(item.profilePicture ? { profilePicture: imageUrl(item.profilePicture) } : {}),
        business: item.business,
      });
      if (hits.length < page.limit) continue;
      // The page is full: the next one starts after this hit, unless it was the range's last item.
      const endOfRange = item === items.at(-1) && !out.LastEvaluatedKey;
      return { items: hits, ...(endOfRange ? {} : { nextCursor: encodeCursor(tokenItemKey(item)) }) };
    }
    if (!out.LastEvaluatedKey) return { items: hits };
    start = out.LastEvaluatedKey;
    // Bounded work per request: past it, a page comes out short, with its cursor.
    if (read === SEARCH_READS_PER_PAGE) return { items: hits, nextCursor: encodeCursor(start) };
  }
}

/** The most Queries one page of a name search makes (each of `limit` token items). */
export const SEARCH_READS_PER_PAGE = 5;

/** A token item's keys in the table and in GSI1: where a page that ends at it goes on. */
interface TokenItemKey {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
}
const tokenItemKey = ({ pk, sk, gsi1pk, gsi1sk }: TokenItemKey): TokenItemKey => ({ pk, sk, gsi1pk, gsi1sk });

/**
 * The card of the business whose own list a page is (its ads, its finished jobs): the newest copy on the page; only
 * an empty page, or one whose finished jobs are too new to carry the card yet (a review's job is written without
 * it, then given it by the refresh that follows the review), reads the business. Undefined when the business does not
 * exist.
 */
export async function cardOfListOwner(
  businessId: string,
  items: { businessId: string; business?: BusinessCardCopy }[],
): Promise<BusinessCardCopy | undefined> {
  let newest: BusinessCardCopy | undefined;
  for (const i of items) {
    const copy = i.business;
    if (i.businessId === businessId && copy && (newest?.v ?? -1) < copy.v) newest = copy;
  }
  if (newest) return newest;
  const record = await getRecord<StoredBusiness>(keys.business(businessId));
  return record && businessCardCopy(record);
}
