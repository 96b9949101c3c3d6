/** A client's request ("post") as stored (pattern 5 of docs/access-patterns.md). */
import { keys } from './keys';
import type { PostClosedReason, PostStatus } from '../../common/constants';
import type { HiddenMark } from '../../common/types';

export interface StoredPost {
  _id: string;
  userId: string;
  title: string;
  content?: string;
  images: string[];
  category: string[];
  location: string;
  budget?: number;
  createdAt: string;
  status: PostStatus;
  clientName?: string;
  /** The client's `revision` its name was copied at (lambdas/model/copies.ts COPIES.clientName). */
  clientNameVersion?: number;
  acceptedOfferId?: string;
  /** When it closes by itself unless an offer is accepted (lambdas/model/postLife.ts). */
  expiresAt: string;
  closedReason?: PostClosedReason;
  closedAt?: string;
  reopenedAt?: string;
  /** A moderator hid it (docs/access-patterns.md, "Moderation"): out of every open list for good. */
  hidden?: HiddenMark['hidden'];
  /**
   * Moves by one with every change of what its offers copy of it (status, hidden: SUMMARY_VERSION_BUMP), in the
   * change's own transaction; absent (0) until the first (lambdas/model/copies.ts COPIES.postSummary).
   */
  summaryVersion?: number;
  /**
   * Asked "like this idea" (POST /post with `ideaId`): the idea it starts from. Its business is invited first (the
   * notifier tells it at once); its post's detail shows the idea's picture as a reference while the idea is shown.
   */
  referenceIdeaId?: string;
}

export function openIndexPartitions(post: Pick<StoredPost, '_id' | 'category' | 'location'>): string[] {
  const cats = [...new Set(post.category)];
  return [
    keys.openAll,
    keys.openByTown(post.location),
    ...cats.map((c) => keys.openByCategory(c)),
    ...cats.map((c) => keys.openByCategoryTown(c, post.location)),
  ];
}

/** The keys of every open-index entry of a post: one per partition it is listed in while open. */
export function openIndexEntryKeys(
  post: Pick<StoredPost, '_id' | 'createdAt' | 'category' | 'location'>,
): { pk: string; sk: string }[] {
  const sk = keys.openEntrySk(post.createdAt, post._id);
  return openIndexPartitions(post).map((pk) => ({ pk, sk }));
}
