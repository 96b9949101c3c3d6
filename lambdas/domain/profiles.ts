/** API shapes of client users and businesses: image keys become CDN addresses, storage detail is dropped. */
import type { Business, BusinessCard, BusinessRating, Caller, ClientUser } from '../../common/types';
import type { BusinessVerified } from '../../common/verification';
import { planMark } from '../../common/plans';
import { fieldError, forbidden } from '../lib/errors';
import type { StoredBusiness, StoredUser } from '../model/users';
import { imageUrl, imageUrls } from '../lib/images';
import type { BusinessCardCopy } from '../model/copies';
import { serviceTownsOf } from '../model/users';

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
