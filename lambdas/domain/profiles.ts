/** API shapes of client users and businesses: image keys become CDN addresses, storage detail is dropped. */
import * as z from 'zod';
import type { Business, Caller, ClientUser } from '../../common/types';
import { fieldError, forbidden } from '../lib/errors';
import type { StoredBusiness, StoredUser } from '../data/users';
import { imageUrl, imageUrls } from '../lib/images';

/** Body fields both profile creations (POST /user, POST /business) take. */
export const newProfileFields = {
  cognitoId: z.string({ error: 'cognitoId is required' }).trim().min(1, 'cognitoId is required'),
  email: z.email('email must be an email address').max(254).optional(),
};

/**
 * Who the record being created belongs to: the body's cognitoId must be the caller's own sub (403),
 * and the email is the one Cognito verified; the body's is only used when the token carries none.
 */
export function ownNewProfile(caller: Caller, input: { cognitoId: string; email?: string }): { cognitoId: string; email: string } {
  if (input.cognitoId !== caller.sub) throw forbidden('You can only create the profile of your own account');
  const email = caller.email ?? input.email;
  if (!email) throw fieldError('email', 'email is required', 'FIELD_REQUIRED');
  return { cognitoId: caller.sub, email };
}

/**
 * A client as the API answers it. A client's email is personal: it is in the answer only when the
 * viewer is that client (the spec's contract lists it, and the owner's own screens use it); other
 * viewers (a business looking at a client's profile) get the profile without it.
 */
export function toUserDto(record: StoredUser, viewer?: Caller): ClientUser {
  const isOwner = !viewer || viewer.sub === record.cognitoId;
  return {
    _id: record._id,
    cognitoId: record.cognitoId,
    username: record.username,
    ...(isOwner ? { email: record.email } : {}),
    ...(record.location ? { location: record.location } : {}),
    ...(record.profilePicture ? { profilePicture: imageUrl(record.profilePicture) } : {}),
    createdAt: record.createdAt,
  };
}

/**
 * A business as the API answers it. Its counters are stored on the record and move in the same
 * transactions as the items they count (lambdas/data/offers.ts `businessCounter`): `offersCount` is
 * the business's offers of any status (the GSI2 `BUSINESSOFFERS#{id}` list), `finishedJobsCount`
 * its reviewed jobs. `postsCount` (the
 * "posts" of the mobile sidebar) is the number of posts the business has an offer on, which is the
 * same number: a business has at most one offer per post (the OFFERBY guard).
 */
export function toBusinessDto(record: StoredBusiness): Business {
  return {
    _id: record._id,
    cognitoId: record.cognitoId,
    businessName: record.businessName,
    ...(record.username ? { username: record.username } : {}),
    email: record.email,
    ...(record.description ? { description: record.description } : {}),
    location: record.location,
    categories: record.categories ?? [],
    ...(record.profilePicture ? { profilePicture: imageUrl(record.profilePicture) } : {}),
    showroom: imageUrls(record.showroom),
    plan: record.plan ?? 'basic',
    offersCount: record.offersCount ?? 0,
    postsCount: record.offersCount ?? 0,
    finishedJobsCount: record.finishedJobsCount ?? 0,
    createdAt: record.createdAt,
  };
}
