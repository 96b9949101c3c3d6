/** Sponsored ads: created by a business after the $20 ad payment, listed newest first with the business's name. */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import type { Ad } from '../../common/types';
import type { StoredBusiness } from '../data/users';
import type { TransactionStatus } from '../../common/payments';
import { imageUrl } from '../lib/images';
import { businessCardCopy, businessTrust, type BusinessCardCopy } from './profiles';
import { imageKeySchema } from './fields';

export interface StoredAd {
  _id: string;
  businessId: string;
  businessSub: string;
  businessName: string;
  /** Stored image key. */
  image: string;
  createdAt: string;
  transactionId: string;
  /** Pending until its payment completes (then it is listed), Refunded when the payment was wholly refunded. */
  paymentStatus: TransactionStatus;
  /** The business's card (lambdas/data/businessCards.ts): its current name, rating, badge and moderation's mark. */
  business?: BusinessCardCopy;
}

export const AD_DESCRIPTION = 'Sponsored ad';

/** The ad image: a file the business uploaded itself (`uploads/{sub}/...`, see createUploadUrl). */
export const adImageSchema = z
  .string({ error: 'Please select an image' })
  .trim()
  .min(1, 'Please select an image')
  .pipe(imageKeySchema);

export { isOwnUpload } from './fields';

export function newAd(
  business: StoredBusiness,
  image: string,
  transaction: { id: string; status: TransactionStatus },
  adId = randomUUID(),
): StoredAd {
  return {
    _id: adId,
    businessId: business._id,
    businessSub: business.cognitoId,
    businessName: business.businessName,
    image,
    createdAt: new Date().toISOString(),
    transactionId: transaction.id,
    paymentStatus: transaction.status,
    business: businessCardCopy(business),
  };
}

/**
 * The current business name when known (names can change), else the one stored with the ad; the
 * business's rating and verified badge when its record is known.
 */
export const toAdDto = (
  ad: StoredAd,
  business?: Pick<StoredBusiness, 'businessName' | 'ratingSum' | 'reviewCount' | 'verified'>,
): Ad => ({
  _id: ad._id,
  businessId: ad.businessId,
  image: imageUrl(ad.image) ?? '',
  createdAt: ad.createdAt,
  businessName: business?.businessName ?? ad.businessName,
  ...(business ? businessTrust(business) : {}),
});
