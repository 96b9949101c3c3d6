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

export interface BusinessCounts { offersCount: number; postsCount: number; finishedJobsCount: number }

export function toBusinessDto(record: StoredBusiness, counts?: Partial<BusinessCounts>): Business {
  const stored = record as StoredBusiness & Partial<BusinessCounts>;
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
    offersCount: counts?.offersCount ?? stored.offersCount ?? 0,
    postsCount: counts?.postsCount ?? stored.postsCount ?? 0,
    finishedJobsCount: counts?.finishedJobsCount ?? stored.finishedJobsCount ?? 0,
    createdAt: record.createdAt,
  };
}
