/**
 * The price guide beside a price field: for the service and town chosen, what most accepted offers
 * cost (the middle half, the median, how many offers), with a plain-words note on how it is worked out. On the
 * create-request form it offers "Use the median" for the budget; on a business's offer form it says where the
 * price typed stands. Loading, failed (with Retry) and "not enough accepted offers yet" are their own states;
 * nothing shows until a service and a town are chosen.
 */
import {
  PRICE_GUIDE_STATED_ACCURACY_PERCENT,
  PRICE_GUIDE_MIN_BUSINESSES,
  PRICE_GUIDE_MIN_OFFERS,
  PRICE_GUIDE_WINDOW_MONTHS,
  type PriceFigure,
} from '../../../../common/priceGuide';
import { LoadError } from '../../components/LoadError';
import type { MessageId } from '../../i18n/catalog/en';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { usePriceGuide } from './api/get-price-guide';
import './price-guide.css';

/** Where a price stands against the middle half of accepted offers. */
export function pricePosition(price: number, figure: Pick<PriceFigure, 'p25' | 'p75'>): 'below' | 'within' | 'above' {
  if (price < figure.p25) return 'below';
  if (price > figure.p75) return 'above';
  return 'within';
}

const POSITION: Record<ReturnType<typeof pricePosition>, MessageId> = {
  below: 'priceGuide.position.below',
  within: 'priceGuide.position.within',
  above: 'priceGuide.position.above',
};

/** "11/2026" from "2026-11". */
const monthText = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

export function PriceGuide({
  service,
  town,
  price,
  onUseMedian,
  testId = 'price-guide',
}: {
  /** The service (category) id chosen, if any. */
  service: string | undefined;
  town: string | undefined;
  /** A price typed in the form: the guide says where it stands. */
  price?: number;
  /** Shows "Use the median", which hands the median to the form. */
  onUseMedian?: (median: number) => void;
  testId?: string;
}) {
  const t = useT();
  const { money } = useFormat();
  const guide = usePriceGuide(service, town);
  if (!service || !town) return null;

  const serviceName = t(`services.category.${service}` as MessageId);
  if (guide.isPending) {
    return (
      <p className="price-guide price-guide-loading muted" role="status" data-testid={testId}>
        {t('priceGuide.loading')}
      </p>
    );
  }
  if (guide.isError) {
    return (
      <div className="price-guide" data-testid={testId}>
        <LoadError message={t('priceGuide.failed')} onRetry={() => void guide.refetch()} testId={`${testId}-error`} />
      </div>
    );
  }
  const figure = guide.data.figure;
  const method = (
    <details className="price-guide-method">
      <summary>{t('priceGuide.method')}</summary>
      <p>
        {t('priceGuide.methodText', {
          months: PRICE_GUIDE_WINDOW_MONTHS,
          offers: PRICE_GUIDE_MIN_OFFERS,
          businesses: PRICE_GUIDE_MIN_BUSINESSES,
          accuracy: PRICE_GUIDE_STATED_ACCURACY_PERCENT,
        })}
      </p>
    </details>
  );
  if (!figure) {
    return (
      <div className="price-guide" data-testid={testId}>
        <p className="price-guide-empty muted" data-testid={`${testId}-empty`}>
          {t('priceGuide.empty', { service: serviceName, town })}
        </p>
        {method}
      </div>
    );
  }
  const values = {
    service: serviceName,
    town,
    low: money(figure.p25),
    high: money(figure.p75),
    median: money(figure.median),
    count: figure.count,
  };
  return (
    <div className="price-guide" data-testid={testId} aria-live="polite">
      <p className="price-guide-range" data-testid={`${testId}-range`}>
        {t(figure.scope === 'town' ? 'priceGuide.range' : 'priceGuide.rangeCountry', values)}
      </p>
      {figure.scope === 'country' && <p className="muted">{t('priceGuide.countryNote', { town })}</p>}
      <p className="muted">
        {t('priceGuide.extremes', { min: money(figure.min), max: money(figure.max) })}{' '}
        {t('priceGuide.updated', { month: monthText(figure.updatedMonth) })}
      </p>
      {price !== undefined && Number.isFinite(price) && price > 0 && (
        <p className="price-guide-position" data-testid={`${testId}-position`}>
          {t(POSITION[pricePosition(price, figure)], { price: money(price) })}
        </p>
      )}
      {onUseMedian && (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => onUseMedian(figure.median)}
          data-testid={`${testId}-use-median`}
        >
          {t('priceGuide.useMedian', { median: money(figure.median) })}
        </button>
      )}
      {method}
    </div>
  );
}
