/**
 * The open-post index: copies of an open post under `OPEN`, `OPEN#C#{cat}`, `OPEN#T#{town}` and
 * `OPEN#C#{cat}#T#{town}` (sort key `{createdAt}#{id}`), so that available, filtered and suggested
 * lists are Queries. The entries exist exactly while the post is open; these builders give the
 * transaction items that add or remove them, to be put in the same TransactWriteItems as the state
 * change of the post.
 */
import { keys } from './keys';
import { table } from './client';

export interface StoredPost {
  _id: string; userId: string; title: string; content?: string; images: string[]; category: string[];
  location: string; budget?: number; createdAt: string; status: 'open' | 'accepted' | 'finished';
  clientName?: string; acceptedOfferId?: string;
}

export function openIndexPartitions(post: Pick<StoredPost, 'category' | 'location'>): string[] {
  const cats = [...new Set(post.category)];
  return [
    keys.openAll,
    keys.openByTown(post.location),
    ...cats.map((c) => keys.openByCategory(c)),
    ...cats.map((c) => keys.openByCategoryTown(c, post.location)),
  ];
}

const entryFields = (post: StoredPost) => {
  const { acceptedOfferId: _ignored, ...rest } = post;
  return { ...rest, status: 'open' as const };
};

export function openIndexPuts(post: StoredPost) {
  const sk = keys.openEntrySk(post.createdAt, post._id);
  return openIndexPartitions(post).map((pk) => ({
    Put: { TableName: table(), Item: { pk, sk, ...entryFields(post) } },
  }));
}

export function openIndexDeletes(post: Pick<StoredPost, '_id' | 'createdAt' | 'category' | 'location'>) {
  const sk = keys.openEntrySk(post.createdAt, post._id);
  return openIndexPartitions(post).map((pk) => ({ Delete: { TableName: table(), Key: { pk, sk } } }));
}
