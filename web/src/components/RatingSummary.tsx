/**
 * How a business was rated, where people choose it (offers, search hits, its profile, the Sponsored
 * strip): stars, the average and "(n reviews)"; "No reviews yet" before its first review.
 */
import type { BusinessRating } from '../../../common/types';
import { useFormat } from '../i18n/format';
import { useT } from '../i18n/useT';
import { Stars } from './feedback';

export function RatingSummary({ rating }: { rating: Partial<BusinessRating> | undefined }) {
  const t = useT();
  const { number } = useFormat();
  const count = rating?.reviewCount ?? 0;
  const average = rating?.ratingAverage ?? 0;
  if (count === 0)
    return (
      <span className="rating-summary rating-summary--none muted" data-testid="rating-summary">
        {t('trust.rating.none')}
      </span>
    );
  const shown = number(Math.round(average * 10) / 10);
  return (
    <span className="rating-summary" data-testid="rating-summary">
      <Stars rating={average} label={t('trust.rating.label', { average: shown })} />
      <span className="rating-summary-average">{shown}</span>
      <span className="rating-summary-count muted">{t('trust.rating.reviews', { count })}</span>
    </span>
  );
}
