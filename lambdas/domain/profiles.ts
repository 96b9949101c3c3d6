/** API shapes of client users and businesses: image keys become CDN addresses, storage detail is dropped. */
import type { Business, BusinessCard, BusinessRating, Caller, ClientUser } from '../../common/types';
import type { BusinessVerified } from '../../common/verification';
import type { PlanId } from '../../common/constants';
import { planMark } from '../../common/plans';
import { fieldError, forbidden } from '../lib/errors';
import type { StoredBusiness, StoredUser } from '../data/users';
import { imageUrl, imageUrls } from '../lib/images';

/**
 * Who the record being created belongs to: the body's cognitoId must be the caller's own sub (403),
 * and the email is the one Cognito verified; the body's is only used when the token carries none.
 */
export function ownNewProfile(
  caller: Caller,
  input: { cognitoId: string; email?: string },
): { cognitoId: string; email: string } {
  if (input.cognitoId !== caller.sub) throw forbidden('You can only create the profile of your own account');
  const email = caller.email ?? input.email;
  if (!email) throw fieldError('email', 'email is required', 'FIELD_REQUIRED');
  return { cognitoId: caller.sub, email };
}

/**
 * Who sees what of a profile (README, "API conventions"): every answer that carries a client or a
 * business, whole or as a card, is built here from the record AND the viewer (the caller), so no
 * answer can forget who asks. Private fields are in the answer only when the viewer owns the record:
 *  - a client's email (the spec's contract lists it; the owner's own screens use it);
 *  - a business's email (the sign-in address; people reach a business through chat) and its
 *    subscription plan (what it pays is its own business; payments are the owner's only);
 *  - the language either account chose (a setting of the account, for what is sent to it).
 * Everything else (names, town, picture, description, categories, showroom, counters, ids) is public
 * to signed-in users: it is what the profile pages, cards and search show.
 */
const ownsRecord = (record: { cognitoId: string }, viewer: Caller) => {
  if (!viewer?.sub) throw new Error('A profile answer needs the viewer');
  return viewer.sub === record.cognitoId;
};

/** The public part of a client (stored form: picture as key), for answers and for the copies chat rooms keep. */
export const publicUserFields = (record: StoredUser) => ({
  _id: record._id,
  cognitoId: record.cognitoId,
  username: record.username,
  ...(record.location ? { location: record.location } : {}),
  ...(record.profilePicture ? { profilePicture: record.profilePicture } : {}),
  createdAt: record.createdAt,
});

/**
 * How a business was rated, from the aggregate stored on it (sum of stars and number of reviews, both
 * moved in each review's transaction): the mean to two decimals, 0 while it has no review.
 */
export function businessRating(record: Pick<StoredBusiness, 'ratingSum' | 'reviewCount'>): BusinessRating {
  const reviewCount = record.reviewCount ?? 0;
  const ratingAverage = reviewCount > 0 ? Math.round(((record.ratingSum ?? 0) / reviewCount) * 100) / 100 : 0;
  return { ratingAverage, reviewCount };
}

/**
 * What every answer carrying a business shows to help choose it: its rating and whether a moderator
 * verified it (`verified`, set only by an approved verification: lambdas/data/verifications.ts).
 */
export const businessTrust = (
  record: Pick<StoredBusiness, 'ratingSum' | 'reviewCount' | 'verified'>,
): BusinessRating & BusinessVerified => ({ ...businessRating(record), verified: record.verified === true });

/**
 * The version of a profile that copies of it carry (chat rooms, verification requests), so a copy only ever moves
 * forward: a business's `updatedAt` (every profile edit moves it, on condition of the one it read, so edits are
 * ordered; `createdAt` before the first), a client's `revision` (every update adds 1 to it; 0 before the first).
 */
export const businessVersion = (b: Pick<StoredBusiness, 'updatedAt' | 'createdAt'>) => b.updatedAt ?? b.createdAt;
export const userRevision = (u: Pick<StoredUser, 'revision'>) => u.revision ?? 0;

/** The towns a business works in: those it set, else its own town (lead alerts match them). */
export const serviceTownsOf = (b: Pick<StoredBusiness, 'serviceTowns' | 'location'>): string[] =>
  b.serviceTowns?.length ? b.serviceTowns : [b.location];

/** The public part of a business (stored form: pictures as keys). */
export const publicBusinessFields = (record: StoredBusiness) => ({
  _id: record._id,
  cognitoId: record.cognitoId,
  businessName: record.businessName,
  ...(record.username ? { username: record.username } : {}),
  ...(record.description ? { description: record.description } : {}),
  location: record.location,
  serviceTowns: serviceTownsOf(record),
  categories: record.categories ?? [],
  ...(record.profilePicture ? { profilePicture: record.profilePicture } : {}),
  showroom: record.showroom ?? [],
  offersCount: record.offersCount ?? 0,
  finishedJobsCount: record.finishedJobsCount ?? 0,
  ...businessTrust(record),
  ...(record.slug ? { slug: record.slug } : {}),
  publicPage: record.publicPage !== false,
  createdAt: record.createdAt,
});

/** A client as the API answers it to `viewer`: the email only to the client itself. */
export function toUserDto(record: StoredUser, viewer: Caller): ClientUser {
  const own = ownsRecord(record, viewer);
  const { profilePicture, ...fields } = publicUserFields(record);
  return {
    ...fields,
    ...(own ? { email: record.email, ...(record.language ? { language: record.language } : {}) } : {}),
    ...(profilePicture ? { profilePicture: imageUrl(profilePicture) } : {}),
  };
}

/**
 * A business as the API answers it to `viewer`: email and plan only to the business itself. Its
 * counters are stored on the record and move in the same transactions as the items they count
 * (lambdas/data/offers.ts `businessCounter`): `offersCount` is the business's offers of any status
 * (the GSI2 `BUSINESSOFFERS#{id}` list), `finishedJobsCount` its reviewed jobs. `postsCount` (the
 * "posts" of the mobile sidebar) is the number of posts the business has an offer on, which is the
 * same number: a business has at most one offer per post (the OFFERBY guard).
 */
export function toBusinessDto(record: StoredBusiness, viewer: Caller): Business {
  const own = ownsRecord(record, viewer);
  const { profilePicture, showroom, ...fields } = publicBusinessFields(record);
  return {
    ...fields,
    ...(own
      ? { email: record.email, plan: record.plan ?? 'basic', ...(record.language ? { language: record.language } : {}) }
      : {}),
    ...(profilePicture ? { profilePicture: imageUrl(profilePicture) } : {}),
    showroom: imageUrls(showroom),
    postsCount: fields.offersCount,
    ...(record.hidden ? { hidden: record.hidden } : {}),
  };
}

/**
 * What a business's card shows wherever it is listed (a request's offers, search hits, the Sponsored strip), as
 * COPIED onto each of those items (docs/access-patterns.md, "A business's card on its offers, ads and search
 * entries"): the owner's sub (who may see it hidden), name, picture (key), rating aggregate, badge, finished jobs
 * , moderation's mark and its paid plan (the mark its offers carry; search puts it first at equal standing), and
 * what an idea's card shows besides (its town, its public page's address and whether that page is on). `v` is
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
  'location',
  'slug',
  'publicPage',
] as const;
export type BusinessCardCopy = Omit<
  Pick<StoredBusiness, (typeof BUSINESS_CARD_FIELDS)[number]>,
  'plan' | 'location' | 'publicPage'
> & {
  /** A paid plan (absent on Basic). */
  plan?: PlanId;
  /** Its town (an idea's card shows it; copies taken before it was copied have none). */
  location?: string;
  /** false: its public page is off (its ideas leave the public pages); absent: on. */
  publicPage?: false;
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
    ...(record.location ? { location: record.location } : {}),
    ...(record.slug ? { slug: record.slug } : {}),
    ...(record.publicPage === false ? { publicPage: false as const } : {}),
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

/**
 * A business on a card (offers): its name, picture, rating and badge, from its card copy (or record);
 * 'Unknown Business' when the record is gone.
 */
export function toBusinessCard(record: Omit<BusinessCardCopy, 'v'> | undefined, viewer: Caller): BusinessCard {
  if (!record) return { businessName: 'Unknown Business', ratingAverage: 0, reviewCount: 0, verified: false };
  if ((record as Partial<BusinessCardCopy>).former)
    return { businessName: '', former: true, ratingAverage: 0, reviewCount: 0, verified: false };
  ownsRecord(record, viewer);
  const profilePicture = imageUrl(record.profilePicture);
  const mark = planMark(record.plan);
  return {
    businessName: record.businessName,
    ...(profilePicture ? { profilePicture } : {}),
    ...businessTrust(record),
    ...(mark ? { planMark: mark } : {}),
  };
}
