/**
 * Client users and businesses as stored (patterns 1 and 2 of docs/access-patterns.md). Records are
 * returned raw (keys stripped); lambdas/domain/profiles.ts turns them into API answers.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PlanId } from '../../common/constants';
import { ddb, table } from './client';
import { keys, stripKeys } from './keys';

export interface StoredUser {
  _id: string; cognitoId: string; username: string; email: string;
  location?: string; profilePicture?: string; createdAt: string; updatedAt?: string;
}

export interface StoredBusiness {
  _id: string; cognitoId: string; businessName: string; username?: string; email: string;
  description?: string; location: string; categories: string[]; profilePicture?: string;
  /** Image keys. */
  showroom: string[]; plan: PlanId; createdAt: string; updatedAt?: string;
  /** Folded name tokens currently indexed for search (lambdas/domain/search.ts). */
  nameTokens?: string[];
}

async function getProfile<T>(key: { pk: string; sk: string }): Promise<T | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: table(), Key: key }));
  return Item ? (stripKeys(Item) as T) : undefined;
}

export const getUserById = (id: string) => getProfile<StoredUser>(keys.user(id));
export const getBusinessById = (id: string) => getProfile<StoredBusiness>(keys.business(id));
