/**
 * Sponsored runs (docs/sponsored-runs.md): an ad is one run of AD_RUN_DAYS days for one service in up to three towns
 * or the whole country, bought for AD_PRICE (or included in a plan), with its state, dates and figures. The stored
 * ad item (`AD#{id}`) is the run.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import type { Ad, AdRunDetail } from '../../common/types';
import type { StoredBusiness } from '../model/users';
import type { LiveRunEntry } from '../data/ads';
import type { TransactionStatus } from '../../common/payments';
import { AD_FIGURES, type AdFigureCounts, noFigures } from '../../common/adRuns';
import { imageUrl } from '../lib/images';
import { businessTrust } from './profiles';
import { copyFields } from '../model/copies';
import { imageKeySchema } from './fields';
import type { StoredAd } from '../model/ads';

/** A run's targeting as the business chose it (defaults applied). */
export interface AdTargeting {
  /** Absent for a business that lists no service yet: shown by town and country only. */
  category?: string;
  towns: string[];
  startDate?: string;
}

export const AD_DESCRIPTION = 'Sponsored ad';
export const adRunDescription = (serviceName: string | undefined, towns: string[]) =>
  `Sponsored run: ${serviceName ?? 'a service'}, ${towns.length ? towns.join(', ') : 'all of Albania'}`;

/** The ad image: a file the business uploaded itself (`uploads/{sub}/...`, see createUploadUrl). */
export const adImageSchema = z
  .string({ error: 'Please select an image' })
  .trim()
  .min(1, 'Please select an image')
  .pipe(imageKeySchema);

export { isOwnUpload } from './fields';

/** A new run awaiting its payment (`transaction`), or, with `included`, a plan's run that needs none. */
export function newAd(
  business: StoredBusiness,
  image: string,
  transaction: { id: string; status: TransactionStatus },
  targeting: AdTargeting,
  charge: { price: number; currency: string; includedMonth?: string },
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
    ...(copyFields('businessCard', business) as Pick<StoredAd, 'business'>),
    state: 'awaiting_payment',
    ...(targeting.category ? { category: targeting.category } : {}),
    towns: targeting.towns,
    ...(targeting.startDate ? { startDate: targeting.startDate } : {}),
    price: charge.price,
    currency: charge.currency,
    ...(charge.includedMonth ? { includedMonth: charge.includedMonth } : {}),
  };
}

/**
 * The ad as every signed-in user may see it (the strip, a business's live runs): the business's current name,
 * rating and badge from its card, and what the run is shown for.
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
  ...(ad.category ? { category: ad.category } : {}),
  ...(ad.towns ? { towns: ad.towns } : {}),
});

/** A live run as a strip shows it (from its live entry's copy). */
export const toStripAdDto = (run: LiveRunEntry): Ad => ({
  _id: run._id,
  businessId: run.businessId,
  image: imageUrl(run.image) ?? '',
  createdAt: run.createdAt,
  businessName: run.business?.businessName ?? '',
  ...(run.business ? businessTrust(run.business) : {}),
  // A run of a business that lists no service yet has none.
  ...(run.category ? { category: run.category } : {}),
  towns: run.towns,
});

/** What only the run's business (and moderators) see: its state, dates, price and figures. */
export const toOwnAdDto = (
  ad: StoredAd,
  business: Parameters<typeof toAdDto>[1],
  figures: AdFigureCounts | undefined,
): Ad => ({
  ...toAdDto(ad, business),
  state: ad.state,
  ...(ad.startDate ? { startDate: ad.startDate } : {}),
  ...(ad.startsAt ? { startsAt: ad.startsAt } : {}),
  ...(ad.endsAt ? { endsAt: ad.endsAt } : {}),
  ...(ad.endedAt ? { endedAt: ad.endedAt } : {}),
  ...(ad.endReason ? { endReason: ad.endReason } : {}),
  ...(ad.price !== undefined ? { price: ad.price } : {}),
  ...(ad.currency ? { currency: ad.currency } : {}),
  ...(ad.includedMonth ? { includedMonth: ad.includedMonth } : {}),
  ...(ad.includedMonth ? {} : { paymentId: ad.transactionId }),
  ...(ad.stop ? { stop: ad.stop } : {}),
  figures: figures ?? noFigures(),
});

/** One run with its figures per day (GET /ad/{id}). */
export const toAdRunDetail = (
  ad: StoredAd,
  business: Parameters<typeof toAdDto>[1],
  days: ({ day: string } & AdFigureCounts)[],
): AdRunDetail => {
  const totals = noFigures();
  for (const d of days) for (const f of AD_FIGURES) totals[f] += d[f];
  return { ...toOwnAdDto(ad, business, totals), days };
};
