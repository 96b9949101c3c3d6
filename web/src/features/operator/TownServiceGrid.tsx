/**
 * The week's town x service grid: one row per town with requests (the town with the most requests left waiting
 * first), one column per service; each cell the share of its requests whose first offer came within 24 hours,
 * coloured by `cellState` (common/operatorFigures.ts): red where none was answered in time (businesses are missing),
 * amber below half. The colour is never the only sign: each cell says its share and counts, and its title says all.
 */
import { SERVICE_NAMES, serviceId } from '../../../../common/constants';
import { cellState, type GridCell } from '../../../../common/operatorFigures';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/Spinner';
import type { MessageId } from '../../i18n/catalog/en';
import { useT } from '../../i18n/useT';
import { useIntl } from '../../i18n/intl';
import { useOperatorGrid } from './api/get-grid';
import { useWeekLabel } from './weeks';

const SERVICES = SERVICE_NAMES.map(serviceId);
const serviceName = (id: string): MessageId => `services.category.${id}` as MessageId;

export function TownServiceGrid({ week }: { week: string }) {
  const t = useT();
  const intl = useIntl();
  const weekLabel = useWeekLabel();
  const query = useOperatorGrid(week);
  const cells = query.data?.cells ?? [];
  const byPair = new Map(cells.map((c) => [`${c.town}|${c.service}`, c]));
  const towns = [...new Set(cells.map((c) => c.town))];

  let body;
  if (query.isPending) body = <PageLoading label={t('operator.grid.loading')} />;
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} testId="grid-error" />;
  else if (towns.length === 0)
    body = (
      <p className="empty-state" data-testid="grid-empty">
        {t('operator.grid.empty')}
      </p>
    );
  else {
    const cellText = (c: GridCell) =>
      t('operator.grid.cell', {
        share: intl.formatNumber(c.answeredWithin24h / c.requests, { style: 'percent', maximumFractionDigits: 0 }),
        answered: c.answeredWithin24h,
        requests: c.requests,
      });
    body = (
      <>
        <ul className="op-legend" aria-label={t('operator.grid.legend')}>
          {(['empty', 'slow', 'ok', 'none'] as const).map((state) => (
            <li key={state}>
              <span className={`op-swatch op-cell--${state}`} aria-hidden="true" />
              {t(`operator.grid.legend.${state}`)}
            </li>
          ))}
        </ul>
        <p className="op-scroll-hint">{t('operator.grid.scrollHint')}</p>
        <div className="op-grid-wrap" tabIndex={0} role="region" aria-labelledby="op-grid-caption">
          <table className="op-grid" data-testid="operator-grid">
            <caption id="op-grid-caption">{t('operator.grid.caption', { date: weekLabel(week) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('operator.grid.town')}</th>
                {SERVICES.map((s) => (
                  <th key={s} scope="col">
                    {t(serviceName(s))}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {towns.map((town) => (
                <tr key={town}>
                  <th scope="row">{town}</th>
                  {SERVICES.map((service) => {
                    const c = byPair.get(`${town}|${service}`);
                    const state = cellState(c);
                    return (
                      <td
                        key={service}
                        className={`op-cell op-cell--${state}`}
                        data-state={state}
                        data-testid={`cell-${town}-${service}`}
                        title={
                          c
                            ? t('operator.grid.cellTitle', {
                                town,
                                service: t(serviceName(service)),
                                answered: c.answeredWithin24h,
                                requests: c.requests,
                                businesses: c.activeBusinesses,
                              })
                            : undefined
                        }
                      >
                        {c && c.requests > 0 ? (
                          <>
                            <span className="op-cell-share" aria-hidden="true">
                              {intl.formatNumber(c.answeredWithin24h / c.requests, {
                                style: 'percent',
                                maximumFractionDigits: 0,
                              })}
                            </span>
                            <span className="op-cell-count" aria-hidden="true">
                              {c.answeredWithin24h}/{c.requests}
                            </span>
                            <span className="visually-hidden">{cellText(c)}</span>
                          </>
                        ) : (
                          <>
                            <span className="op-cell-none" aria-hidden="true">
                              –
                            </span>
                            <span className="visually-hidden">{t('operator.grid.none')}</span>
                          </>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    );
  }
  return (
    <section className="op-section" aria-labelledby="op-grid-title">
      <h2 id="op-grid-title">{t('operator.grid.title')}</h2>
      <p className="op-section-lead">{t('operator.grid.lead')}</p>
      {body}
    </section>
  );
}
