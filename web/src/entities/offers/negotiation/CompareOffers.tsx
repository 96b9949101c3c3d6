/**
 * Up to three offers of a request side by side: price, line items, earliest start, duration, validity, what is
 * included, and the business's rating, badge and jobs done; ordered by price, rating or earliest start (the
 * list's order, which the client can change here). Loaded when the client first opens it.
 */
import type { Offer } from '../../../../../common/types';
import { Modal } from '../../../components/Modal';
import { RatingSummary } from '../../../components/RatingSummary';
import { useFormat } from '../../../i18n/format';
import { useT } from '../../../i18n/useT';
import { COMPARE_LIMIT, OFFER_SORTS, sortOffers, type OfferSort } from './sortOffers';
import './negotiation.css';

export function CompareOffers({
  offers,
  sort,
  onSort,
  onClose,
}: {
  offers: Offer[];
  sort: OfferSort;
  onSort: (sort: OfferSort) => void;
  onClose: () => void;
}) {
  const t = useT();
  const { money, longDate } = useFormat();
  const shown = sortOffers(offers, sort).slice(0, COMPARE_LIMIT);
  const unknown = t('negotiation.compare.unknown');
  const sortLabel = {
    price: t('trust.sort.price'),
    rating: t('trust.sort.rating'),
    start: t('negotiation.sort.start'),
  };

  const rows: { label: string; cell: (o: Offer) => React.ReactNode; testId?: string }[] = [
    {
      label: t('negotiation.compare.price'),
      cell: (o) => <strong>{money(o.price, 2)}</strong>,
      testId: 'compare-price',
    },
    {
      label: t('negotiation.compare.items'),
      cell: (o) =>
        o.items?.length ? (
          <ul className="ng-compare-items">
            {o.items.map((item, i) => (
              <li key={i}>
                <span>{item.label}</span> <span className="ng-amount">{money(item.amount, 2)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <span className="muted">{t('negotiation.compare.oneLine')}</span>
        ),
    },
    {
      label: t('negotiation.compare.start'),
      cell: (o) => (o.startDate ? longDate(o.startDate) : <span className="muted">{unknown}</span>),
      testId: 'compare-start',
    },
    {
      label: t('negotiation.compare.duration'),
      cell: (o) =>
        o.durationDays !== undefined ? (
          t('negotiation.terms.days', { days: o.durationDays })
        ) : (
          <span className="muted">{unknown}</span>
        ),
    },
    {
      label: t('negotiation.compare.validity'),
      cell: (o) =>
        o.validUntil ? (
          <span className={o.expired ? 'ng-validity--expired' : undefined}>
            {o.expired ? t('negotiation.terms.expired', { date: longDate(o.validUntil) }) : longDate(o.validUntil)}
          </span>
        ) : (
          <span className="muted">{t('negotiation.compare.noValidity')}</span>
        ),
    },
    {
      label: t('negotiation.compare.included'),
      cell: (o) => {
        const list = [
          ...(o.included ?? []).map((k) => t(`negotiation.included.${k}`)),
          ...(o.includedNote ? [o.includedNote] : []),
        ];
        return list.length ? list.join(', ') : <span className="muted">{unknown}</span>;
      },
    },
    { label: t('negotiation.compare.rating'), cell: (o) => <RatingSummary rating={o.business} /> },
    {
      label: t('negotiation.compare.verified'),
      cell: (o) => (o.business?.verified ? t('negotiation.compare.yes') : t('negotiation.compare.no')),
    },
    {
      label: t('negotiation.compare.jobs'),
      cell: (o) => String(o.business?.finishedJobsCount ?? 0),
      testId: 'compare-jobs',
    },
  ];

  return (
    <Modal open wide title={t('negotiation.compare.title')} onClose={onClose} testId="compare-dialog">
      <label className="ng-compare-sort">
        <span>{t('trust.sort.label')}</span>
        <select
          className="select"
          value={sort}
          onChange={(e) => onSort(e.target.value as OfferSort)}
          data-testid="compare-sort"
        >
          {OFFER_SORTS.map((s) => (
            <option key={s} value={s}>
              {sortLabel[s]}
            </option>
          ))}
        </select>
      </label>
      <div className="ng-compare-scroll">
        <table
          className="ng-compare"
          style={{ '--cols': shown.length } as React.CSSProperties}
          data-testid="compare-table"
        >
          <thead>
            <tr>
              <th scope="col">{t('negotiation.compare.business')}</th>
              {shown.map((o) => (
                <th key={o._id} scope="col" data-testid="compare-business">
                  {o.business?.former
                    ? t('common.former.business')
                    : o.business?.businessName || t('postView.offers.unknownBusiness')}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {shown.map((o) => (
                  <td key={o._id} data-testid={row.testId}>
                    {row.cell(o)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form-actions fx-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose} data-testid="compare-close">
          {t('negotiation.compare.close')}
        </button>
      </div>
    </Modal>
  );
}
