/** How a client orders the offers of a request (`?sort=` in the URL), in the list and in the compare view. */
import type { Offer } from '../../../../../common/types';

/** The most offers the compare view shows side by side. */
export const COMPARE_LIMIT = 3;

export const OFFER_SORTS = ['price', 'rating', 'start'] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];

/** The rating an offer sorts by: its business's average, below every rated business when it has no review. */
const rating = (o: Offer) => (o.business?.reviewCount ? (o.business.ratingAverage ?? 0) : -1);
/** An offer without a start date sorts after those with one. */
const start = (o: Offer) => o.startDate ?? '9999-12-31';

/** Cheapest first, best rated first, or earliest start first (ties: the other orders). */
export function sortOffers(offers: Offer[], sort: OfferSort): Offer[] {
  return [...offers].sort((a, b) => {
    if (sort === 'rating')
      return (
        rating(b) - rating(a) || (b.business?.reviewCount ?? 0) - (a.business?.reviewCount ?? 0) || a.price - b.price
      );
    if (sort === 'start') return start(a).localeCompare(start(b)) || a.price - b.price;
    return a.price - b.price || rating(b) - rating(a);
  });
}
