/** BatchGet reads of records referenced from a page of a list (businesses of offers or ads, posts of offers, the two sides of chat rooms). */
import { keys } from '../model/keys';
import { batchGet } from './query';
import type { StoredBusiness, StoredUser } from '../model/users';
import type { StoredPost } from '../model/posts';

async function byId<T extends { _id: string }>(keyList: { pk: string; sk: string }[]): Promise<Map<string, T>> {
  if (keyList.length === 0) return new Map();
  const items = await batchGet<T>(keyList);
  return new Map(items.map((record) => [record._id, record]));
}

export const getUsersByIds = (ids: string[]) => byId<StoredUser>([...new Set(ids)].map((id) => keys.user(id)));
export const getBusinessesByIds = (ids: string[]) =>
  byId<StoredBusiness>([...new Set(ids)].map((id) => keys.business(id)));
export const getPostsByIds = (ids: string[]) => byId<StoredPost>([...new Set(ids)].map((id) => keys.post(id)));
