/** API shapes of client users and businesses: image keys become CDN addresses, storage detail is dropped. */
import type { Business, ClientUser } from '../../common/types';
import type { StoredBusiness, StoredUser } from '../data/users';
import { imageUrl, imageUrls } from '../lib/images';

export function toUserDto(record: StoredUser): ClientUser {
  return {
    _id: record._id,
    cognitoId: record.cognitoId,
    username: record.username,
    email: record.email,
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
