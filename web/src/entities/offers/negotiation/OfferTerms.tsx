/**
 * What an offer says beyond its price: its line items, earliest start, duration, what is included and until when
 * it is valid (or that it expired). An offer made before these existed shows none of them (a one-line offer).
 */
import type { Offer } from '../../../../../common/types';
import { useFormat } from '../../../i18n/format';
import { useT } from '../../../i18n/useT';
import './negotiation.css';

export function OfferTerms({ offer }: { offer: Offer }) {
  const t = useT();
  const { money, longDate } = useFormat();
  const included = [
    ...(offer.included ?? []).map((k) => t(`negotiation.included.${k}`)),
    ...(offer.includedNote ? [offer.includedNote] : []),
  ];
  return (
    <div className="ng-terms" data-testid="offer-terms">
      {offer.items && offer.items.length > 0 && (
        <div className="ng-terms-items">
          <span className="ng-terms-label">{t('negotiation.terms.items')}</span>
          <ul data-testid="offer-items">
            {offer.items.map((item, i) => (
              <li key={i}>
                <span>{item.label}</span>
                <span className="ng-amount">{money(item.amount, 2)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <dl className="ng-terms-facts">
        {offer.startDate && (
          <div>
            <dt>{t('negotiation.terms.start')}</dt>
            <dd data-testid="offer-start">{longDate(offer.startDate)}</dd>
          </div>
        )}
        {offer.durationDays !== undefined && (
          <div>
            <dt>{t('negotiation.terms.duration')}</dt>
            <dd>{t('negotiation.terms.days', { days: offer.durationDays })}</dd>
          </div>
        )}
        {included.length > 0 && (
          <div>
            <dt>{t('negotiation.terms.included')}</dt>
            <dd>{included.join(', ')}</dd>
          </div>
        )}
      </dl>
      {offer.validUntil && offer.status === 'pending' && (
        <p
          className={offer.expired ? 'ng-validity ng-validity--expired' : 'ng-validity muted'}
          data-testid="offer-validity"
        >
          {offer.expired
            ? t('negotiation.terms.expired', { date: longDate(offer.validUntil) })
            : t('negotiation.terms.validUntil', { date: longDate(offer.validUntil) })}
        </p>
      )}
    </div>
  );
}
