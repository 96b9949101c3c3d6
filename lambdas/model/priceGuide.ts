/**
 * The price guide's rules, free of storage: the price buckets (a bounded structure: percentiles are read
 * from bucket counts, never from the offers themselves), the 12-month window, the privacy threshold and which offer
 * counts, and an offer's share of the guide as its record `PRICEGUIDE#OFFER#{offerId}` / `CONTRIBUTION` keeps it
 * (StoredContribution). lambdas/data/priceGuide.ts stores the counts; lambdas/notify/priceGuide.ts moves them from the
 * stream.
 *
 * Buckets: common/logBuckets.ts with accuracy PRICE_GUIDE_ACCURACY (a bucket's middle is at most that fraction away from
 * any price in it, so a percentile read from the counts is within it of the exact nearest-rank percentile).
 */
import type { OfferStatus } from '../../common/constants';
import { exactPercentile, logBuckets, type BucketCounts } from '../../common/logBuckets';
import {
  PRICE_GUIDE_ACCURACY,
  PRICE_GUIDE_MIN_BUSINESSES,
  PRICE_GUIDE_MIN_OFFERS,
  PRICE_GUIDE_SIGNIFICANT_DIGITS,
  PRICE_GUIDE_WINDOW_MONTHS,
  type PriceFigure,
  type PriceGuideScope,
} from '../../common/priceGuide';

const PRICE_BUCKETS = logBuckets(PRICE_GUIDE_ACCURACY);

/** The bucket a (positive) price is counted in. */
export const bucketOf = PRICE_BUCKETS.bucketOf;

/** The price a bucket stands for (its middle, in relative terms). */
export const bucketValue = PRICE_BUCKETS.bucketValue;

/** Bucket -> how many prices it holds. */
export type { BucketCounts };

/** The nearest-rank q-percentile (0 < q <= 1) of the counted prices, as its bucket's value; undefined when empty. */
export const percentile = PRICE_BUCKETS.percentile;

/** The exact nearest-rank percentile of a list of prices (what the buckets approximate; used by the tests). */
export { exactPercentile };

/** The UTC month (YYYY-MM) of an ISO time. */
export const monthOf = (iso: string) => iso.slice(0, 7);

/** The months of the window ending with the month of `now`, oldest first. */
export function windowMonths(now: Date, months = PRICE_GUIDE_WINDOW_MONTHS): string[] {
  const out: string[] = [];
  for (let back = months - 1; back >= 0; back--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}

/** What one area (a service in a town, or across Albania) holds over the window. */
export interface AreaCounts {
  /** Bucket counts of the offers in the window. */
  buckets: BucketCounts;
  /** Accepted offers per business in the window (only those with at least one). */
  businesses: Set<string>;
  /** When the stored counts last changed (ISO), if ever. */
  updatedAt?: string;
}

/** The privacy rule: enough offers from enough different businesses that no single deal can be read back. */
export const meetsThreshold = (offers: number, businesses: number) =>
  offers >= PRICE_GUIDE_MIN_OFFERS && businesses >= PRICE_GUIDE_MIN_BUSINESSES;

/** A figure's price as answered: rounded to PRICE_GUIDE_SIGNIFICANT_DIGITS significant digits (1262 -> 1260). */
export function roundFigurePrice(price: number): number {
  if (!(price > 0)) return 0;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(price)) + 1 - PRICE_GUIDE_SIGNIFICANT_DIGITS);
  return Math.round(price / step) * step;
}

/** The figure of one area, or undefined when it rests on too few offers or businesses (or was never counted). */
export function figureOf(area: AreaCounts | undefined, scope: PriceGuideScope): PriceFigure | undefined {
  if (!area) return undefined;
  const count = [...area.buckets.values()].reduce((s, n) => s + Math.max(0, n), 0);
  if (!meetsThreshold(count, area.businesses.size)) return undefined;
  const at = (q: number) => roundFigurePrice(percentile(area.buckets, q)!);
  const filled = [...area.buckets.entries()].filter(([, n]) => n > 0).map(([b]) => b);
  return {
    scope,
    count,
    median: at(0.5),
    p25: at(0.25),
    p75: at(0.75),
    min: roundFigurePrice(bucketValue(Math.min(...filled))),
    max: roundFigurePrice(bucketValue(Math.max(...filled))),
    updatedMonth: monthOf(area.updatedAt ?? new Date().toISOString()),
  };
}

/** An offer counts while the client's acceptance stands: accepted, or finished (the job done). */
export const countsInGuide = (status: OfferStatus | string | undefined) =>
  status === 'accepted' || status === 'finished';

/**
 * The order of an offer's states as the guide sees them: its last change (`updatedAt`, set by every status change;
 * finishing keeps it), and after every state the offer's removal. A state older than the one the guide took in
 * already is an event handed over again, and changes nothing.
 */
export const REMOVED_VERSION = '~removed';
export const offerVersion = (offer: { updatedAt?: string; createdAt: string }) => offer.updatedAt ?? offer.createdAt;

/** What one counted offer adds to the guide. */
export interface OfferShare {
  month: string;
  bucket: number;
  categories: string[];
  town: string;
  businessId: string;
}

export interface StoredContribution extends Partial<OfferShare> {
  offerId: string;
  /** The offer state it reflects (offerVersion above). */
  version: string;
  /** Counted in the guide now. */
  active: boolean;
}
