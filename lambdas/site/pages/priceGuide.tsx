/** The price guide section of a service page and a service x town page. */
import { pagePath, type PublicLanguage } from '../../../common/publicPages';
import { formatMoney } from '../../../common/money';
import {
  PRICE_GUIDE_STATED_ACCURACY_PERCENT,
  PRICE_GUIDE_MIN_BUSINESSES,
  PRICE_GUIDE_MIN_OFFERS,
  PRICE_GUIDE_WINDOW_MONTHS,
  type PriceFigure,
} from '../../../common/priceGuide';
import type { DirectoryData } from '../load';
import { format, guideText, serviceName, type SiteMessageId } from '../messages';
import { APP_LINKS } from './document';

/** "November 2026" / "nëntor 2026" from "2026-11". */
const monthText = (lang: PublicLanguage, month: string) =>
  new Date(`${month}-01T00:00:00.000Z`).toLocaleDateString(lang === 'sq' ? 'sq-AL' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Where the middle half and the median sit between the lowest and the highest accepted offer (a picture only). */
function PriceBar({ figure }: { figure: PriceFigure }) {
  const span = figure.max - figure.min;
  const at = (price: number) => (span > 0 ? ((price - figure.min) / span) * 100 : 50);
  const low = span > 0 ? at(figure.p25) : 0;
  const high = span > 0 ? at(figure.p75) : 100;
  return (
    <div className="guide-bar" aria-hidden="true">
      <span className="guide-bar-half" style={{ left: `${low}%`, width: `${Math.max(high - low, 2)}%` }} />
      <span className="guide-bar-median" style={{ left: `${at(figure.median)}%` }} />
    </div>
  );
}

/**
 * The price guide of a directory page: the pair's figure (or the country's, said so) on a service x town
 * page, the country's and a table by town on a service page, how it is worked out in plain words, and a clear

 */
export function PriceGuideSection({ lang, data }: { lang: PublicLanguage; data: DirectoryData }) {
  const { guide } = data;
  const t = (id: SiteMessageId, v?: Record<string, string | number>) => format(lang, id, v);
  const money = (n: number) => formatMoney(lang, guide.currency, n);
  const between = (low: number, high: number) => t('guide.between', { low: money(low), high: money(high) });
  const service = serviceName(lang, data.service);
  const figure = guide.figure;
  const heading = data.town ? t('guide.heading', { service, town: data.town }) : t('guide.headingCountry', { service });
  const method = (
    <div className="guide-method">
      <h3>{t('guide.method')}</h3>
      <p className="small">
        {guideText(lang, 'priceGuide.methodText', {
          months: PRICE_GUIDE_WINDOW_MONTHS,
          offers: PRICE_GUIDE_MIN_OFFERS,
          businesses: PRICE_GUIDE_MIN_BUSINESSES,
          accuracy: PRICE_GUIDE_STATED_ACCURACY_PERCENT,
        })}
      </p>
      <a className="btn btn-secondary" href={APP_LINKS.postRequest}>
        {t('guide.cta')}
      </a>
    </div>
  );
  return (
    <section className="section" id="price-guide" aria-labelledby="price-guide-heading">
      <div className="card guide">
        <div className="guide-head">
          <h2 id="price-guide-heading">{heading}</h2>
          {figure ? (
            <span className="guide-scope">
              {figure.scope === 'town' && data.town
                ? t('guide.scope.town', { town: data.town })
                : t('guide.scope.country')}
            </span>
          ) : null}
        </div>
        <div className="guide-body">
          {figure ? (
            <div className="guide-figure">
              {figure.scope === 'country' && data.town ? (
                <p className="guide-note">{guideText(lang, 'priceGuide.countryNote', { town: data.town })}</p>
              ) : null}
              <dl className="guide-numbers">
                <div className="guide-median">
                  <dt>{t('guide.median')}</dt>
                  <dd>{money(figure.median)}</dd>
                </div>
                <div>
                  <dt>
                    {t('guide.middleHalf')} <span className="muted">({t('guide.middleHalfHint')})</span>
                  </dt>
                  <dd>{between(figure.p25, figure.p75)}</dd>
                </div>
              </dl>
              <PriceBar figure={figure} />
              <p className="guide-ends small muted">
                <span className="sr-only">{t('guide.range')}: </span>
                <span>{money(figure.min)}</span> <span>{money(figure.max)}</span>
              </p>
              <p className="small muted">
                {t('guide.basis', { count: figure.count, month: monthText(lang, figure.updatedMonth) })}
              </p>
            </div>
          ) : (
            <div className="guide-figure guide-empty">
              <p className="guide-empty-title">{t('guide.empty')}</p>
              <p className="muted">
                {t('guide.emptyBody', {
                  service,
                  offers: PRICE_GUIDE_MIN_OFFERS,
                  businesses: PRICE_GUIDE_MIN_BUSINESSES,
                })}
              </p>
            </div>
          )}
          {!data.town && figure ? (
            <div className="guide-towns">
              <h3>{t('guide.towns')}</h3>
              {guide.towns.length ? (
                <table className="guide-table">
                  <caption className="sr-only">
                    {t('guide.townsCaption', { service, months: PRICE_GUIDE_WINDOW_MONTHS })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('guide.column.town')}</th>
                      <th scope="col">{t('guide.column.count')}</th>
                      <th scope="col">{t('guide.column.median')}</th>
                      <th scope="col">{t('guide.column.middleHalf')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {guide.towns.map((row) => (
                      <tr key={row.town}>
                        <th scope="row">
                          <a href={pagePath({ kind: 'serviceTown', service: data.service, town: row.town }, lang)}>
                            {row.town}
                          </a>
                        </th>
                        <td data-label={t('guide.column.count')}>
                          {row.figure.count.toLocaleString(lang === 'sq' ? 'sq-AL' : 'en-GB')}
                        </td>
                        <td data-label={t('guide.column.median')}>{money(row.figure.median)}</td>
                        <td data-label={t('guide.column.middleHalf')}>{between(row.figure.p25, row.figure.p75)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p className="muted small">{t('guide.townsEmpty')}</p>
              )}
            </div>
          ) : null}
          {method}
        </div>
      </div>
    </section>
  );
}
