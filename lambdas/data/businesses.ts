/**
 * Business records and their name-token index (pattern 3). Each distinct folded token of the name is
 * an item `BUSINESS#{id}` / `NAMETOKEN#{token}` on GSI1 (`BNAME#{token[0]}`, `{token}#{id}`) carrying
 * what a search hit shows, so a search is one Query. The tokens are rewritten in the same transaction
 * as every profile change.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { BusinessSearchHit } from '../../common/types';
import { indexTokens, matchesTokens, planSearch } from '../domain/search';
import { imageUrl } from '../lib/images';
import { accountPut } from './accounts';
import { ddb, table } from './client';
import { keys } from './keys';
import { INDEXES } from './schema';
import { transact, TransactionRefused, type TransactItem } from './transact';
import { buildUpdate, type StoredBusiness } from './users';

export { getBusinessById } from './users';

interface TokenItemFields { businessId: string; businessName: string; location: string; profilePicture?: string; nameTokens: string[] }

function tokenPuts(b: Pick<StoredBusiness, '_id' | 'businessName' | 'location' | 'profilePicture'>, tokens: string[]): TransactItem[] {
  const fields: TokenItemFields = {
    businessId: b._id, businessName: b.businessName, location: b.location, profilePicture: b.profilePicture, nameTokens: tokens,
  };
  return tokens.map((t) => ({ Put: { TableName: table(), Item: { ...keys.businessNameToken(b._id, t), ...fields } } }));
}

/** Create the caller's business record, its account lookup and name tokens; false when it exists. */
export async function createBusinessRecord(business: StoredBusiness): Promise<boolean> {
  const tokens = indexTokens(business.businessName);
  try {
    await transact([
      accountPut({ sub: business.cognitoId, role: 'business', id: business._id }, business.createdAt),
      {
        Put: {
          TableName: table(),
          Item: { ...keys.business(business._id), ...business, nameTokens: tokens },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...tokenPuts(business, tokens),
    ]);
    return true;
  } catch (err) {
    if (err instanceof TransactionRefused && (err.conditionFailed(0) || err.conflict)) return false;
    throw err;
  }
}

export type BusinessChanges = Partial<Pick<StoredBusiness,
  'businessName' | 'username' | 'description' | 'location' | 'categories' | 'profilePicture' | 'showroom'>>;

/**
 * Apply changes to `current` (the record as just read, owned by `ownerSub`), rewriting its name
 * tokens in the same transaction. The update is conditional on the owner and on the record not
 * having changed since it was read (`updatedAt`), so the token set never goes stale. Returns the
 * new record, or undefined when the condition failed (a concurrent change).
 */
export async function updateBusinessRecord(current: StoredBusiness, ownerSub: string, changes: BusinessChanges, now: string): Promise<StoredBusiness | undefined> {
  const id = current._id;

  const next: StoredBusiness = { ...current, ...changes, updatedAt: now };
  for (const [k, v] of Object.entries(changes)) if (v === undefined) delete (next as unknown as Record<string, unknown>)[k];
  const oldTokens = current.nameTokens ?? indexTokens(current.businessName);
  const newTokens = indexTokens(next.businessName);
  const searchFieldsChanged = ['businessName', 'location', 'profilePicture'].some((k) => k in changes);

  const update = buildUpdate({ ...changes, nameTokens: newTokens, updatedAt: now });
  const items: TransactItem[] = [{
    Update: {
      TableName: table(),
      Key: keys.business(id),
      UpdateExpression: update.expression,
      ConditionExpression: current.updatedAt
        ? 'cognitoId = :owner AND updatedAt = :seen'
        : 'cognitoId = :owner AND attribute_not_exists(updatedAt)',
      ExpressionAttributeNames: update.names,
      ExpressionAttributeValues: { ...update.values, ':owner': ownerSub, ...(current.updatedAt ? { ':seen': current.updatedAt } : {}) },
    },
  }];
  if (searchFieldsChanged) {
    items.push(...oldTokens.filter((t) => !newTokens.includes(t))
      .map((t) => ({ Delete: { TableName: table(), Key: { pk: keys.business(id).pk, sk: `NAMETOKEN#${t}` } } })));
    items.push(...tokenPuts(next, newTokens));
  }
  try {
    await transact(items);
  } catch (err) {
    if (err instanceof TransactionRefused && (err.conditionFailed(0) || err.conflict)) return undefined;
    throw err;
  }
  return { ...next, nameTokens: newTokens };
}

/** At most this many hits answer a search. */
export const SEARCH_RESULT_LIMIT = 20;

/** Businesses whose name matches `query` (lambdas/domain/search.ts); [] for a blank query. */
export async function searchBusinessesByName(query: string): Promise<BusinessSearchHit[]> {
  const plan = planSearch(query);
  if (!plan) return [];
  const hits = new Map<string, BusinessSearchHit>();
  let start: Record<string, unknown> | undefined;
  // Bounded: a one-letter query reads at most a few pages of its token partition.
  for (let page = 0; page < 5 && hits.size < SEARCH_RESULT_LIMIT; page++) {
    const out = await ddb().send(new QueryCommand({
      TableName: table(),
      IndexName: INDEXES.GSI1.name,
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
      ExpressionAttributeValues: { ':pk': plan.partition, ':prefix': plan.sortPrefix },
      Limit: 100,
      ExclusiveStartKey: start,
    }));
    for (const item of (out.Items ?? []) as TokenItemFields[]) {
      if (hits.size >= SEARCH_RESULT_LIMIT) break;
      if (hits.has(item.businessId) || !matchesTokens(item.nameTokens ?? [], plan.words)) continue;
      hits.set(item.businessId, {
        _id: item.businessId,
        businessName: item.businessName,
        location: item.location,
        ...(item.profilePicture ? { profilePicture: imageUrl(item.profilePicture) } : {}),
      });
    }
    start = out.LastEvaluatedKey;
    if (!start) break;
  }
  return [...hits.values()];
}
