/** What records carry of other records (docs/access-patterns.md, "Copies"): the copies' shapes and projections. */
import type { PlanId } from '../../common/constants';
import type { StoredPost } from './posts';
import type { StoredBusiness, StoredUser } from './users';
import type { StoredRoom } from './rooms';

/**
 * What an offer holds of its post (docs/access-patterns.md, "A post's summary on its offers"): the fields of its
 * summary (images as stored keys), whether moderation hid it, its owner, and `v`, the post's `summaryVersion` when
 * copied. Copies are written only forward (a higher `v`), so a slower refresh never overwrites a newer one.
 */
export interface PostCopy {
  v: number;
  _id: string;
  title: string;
  images: string[];
  location: string;
  category: string[];
  status: StoredPost['status'];
  hidden: boolean;
  /** The client who posted it (never changes): the owner check of its offers' list. */
  userId: string;
}

/** The copy of a post that was deleted: its offers show no summary, its offers' list answers 404. */
export interface GonePostCopy {
  _id: string;
  gone: true;
}

export const isGonePostCopy = (copy: PostCopy | GonePostCopy): copy is GonePostCopy => 'gone' in copy;

export const postCopyOf = (post: StoredPost): PostCopy => ({
  v: post.summaryVersion ?? 0,
  _id: post._id,
  title: post.title,
  images: post.images ?? [],
  location: post.location,
  category: post.category ?? [],
  status: post.status,
  hidden: !!post.hidden,
  userId: post.userId,
});

/**
 * The version of a profile that copies of it carry (chat rooms, verification requests), so a copy only ever moves
 * forward: a business's `updatedAt` (every profile edit moves it, on condition of the one it read, so edits are
 * ordered; `createdAt` before the first), a client's `revision` (every update adds 1 to it; 0 before the first).
 */
export const businessVersion = (b: Pick<StoredBusiness, 'updatedAt' | 'createdAt'>) => b.updatedAt ?? b.createdAt;

export const userRevision = (u: Pick<StoredUser, 'revision'>) => u.revision ?? 0;

/**
 * What a business's card shows wherever it is listed (a request's offers, search hits, the Sponsored strip), as
 * COPIED onto each of those items (docs/access-patterns.md, "A business's card on its offers, ads and search
 * entries"): the owner's sub (who may see it hidden), name, picture (key), rating aggregate, badge, finished jobs
 * , moderation's mark and its paid plan (the mark its offers carry; search puts it first at equal standing). `v` is
 * the business's `cardVersion` the copy was taken at: copies are only written forward; a plan change moves it too.
 */
export const BUSINESS_CARD_FIELDS = [
  'cognitoId',
  'businessName',
  'profilePicture',
  'ratingSum',
  'reviewCount',
  'verified',
  'finishedJobsCount',
  'hidden',
  'plan',
] as const;

export type BusinessCardCopy = Omit<Pick<StoredBusiness, (typeof BUSINESS_CARD_FIELDS)[number]>, 'plan'> & {
  /** A paid plan (absent on Basic). */
  plan?: PlanId;
  v: number;
  /** The business was erased (its owner deleted the account): what stays of its work shows "former business". */
  former?: true;
};

/** The card copy of a business record as read (absent counters as 0, no undefined attribute). */
export function businessCardCopy(record: StoredBusiness): BusinessCardCopy {
  return {
    v: record.cardVersion ?? 0,
    cognitoId: record.cognitoId,
    businessName: record.businessName,
    ...(record.profilePicture ? { profilePicture: record.profilePicture } : {}),
    ratingSum: record.ratingSum ?? 0,
    reviewCount: record.reviewCount ?? 0,
    verified: record.verified === true,
    finishedJobsCount: record.finishedJobsCount ?? 0,
    ...(record.hidden ? { hidden: { reason: record.hidden.reason, at: record.hidden.at } } : {}),
    ...(record.plan && record.plan !== 'basic' ? { plan: record.plan } : {}),
  };
}

/** Whether two card copies show the same (their versions aside); a missing copy is never the same. */
export function sameCard(a: BusinessCardCopy | undefined, b: BusinessCardCopy | undefined): boolean {
  if (!a || !b) return false;
  return BUSINESS_CARD_FIELDS.every((f) =>
    f === 'hidden'
      ? a.hidden?.reason === b.hidden?.reason && a.hidden?.at === b.hidden?.at
      : (a[f] ?? undefined) === (b[f] ?? undefined),
  );
}

/** What a room keeps of its client: public fields only (picture as its key). */
export const roomUser = ({ username, profilePicture }: StoredUser): StoredRoom['user'] => ({
  username,
  ...(profilePicture ? { profilePicture } : {}),
});

/** What a room keeps of its business: public fields only (picture as its key). */
export const roomBusiness = ({ businessName, profilePicture, location }: StoredBusiness): StoredRoom['business'] => ({
  businessName,
  ...(profilePicture ? { profilePicture } : {}),
  ...(location ? { location } : {}),
});
