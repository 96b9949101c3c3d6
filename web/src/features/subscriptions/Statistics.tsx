/**
 * Settings > Statistics (/settings/{id}/statistics, business): profile views, offers sent and accepted, the
 * acceptance rate and how often clients saved its ideas to their boards (this month, and in all the months shown),
 * month by month: a bar chart of the months its plan shows (Basic this month, Standard and Premium
 * twelve) and this month's figures in words. A plan that shows more months is named.
 */
import { Link } from 'react-router';
import type { Statistics as StatisticsAnswer } from '../../../../common/types';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/Spinner';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { useStatistics } from './api/get-statistics';
import { planName } from '../../entities/plans';
import './subscriptions.css';

const SERIES = ['views', 'offers', 'accepted'] as const;
type Series = (typeof SERIES)[number];

export function Statistics() {
  const t = useT();
  usePageTitle('subscriptions.stats.title');
  const query = useStatistics();
  return (
    <div className="st-panel plan-stats">
      <h2>{t('subscriptions.stats.title')}</h2>
      {query.isPending ? (
        <PageLoading label={t('common.loading')} />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <StatisticsDetails stats={query.data} />
      )}
    </div>
  );
}

function StatisticsDetails({ stats }: { stats: StatisticsAnswer }) {
  const t = useT();
  const { monthName, number } = useFormat();
  const current = stats.months[stats.months.length - 1];
  const rate = current && current.offers > 0 ? Math.round((current.accepted / current.offers) * 100) : undefined;
  const label = (s: Series): string => t(`subscriptions.stats.${s}`);
  const nothingYet = stats.months.every((m) => m.views === 0 && m.offers === 0 && m.saves === 0);
  const savesShown = stats.months.reduce((n, m) => n + m.saves, 0);

  return (
    <>
      {current && (
        <dl className="plan-stats-figures" data-testid="stats-this-month">
          {SERIES.map((s) => (
            <div key={s} className="card">
              <dt>{label(s)}</dt>
              <dd>{number(current[s])}</dd>
            </div>
          ))}
          <div className="card">
            <dt>{t('subscriptions.stats.rate')}</dt>
            <dd>{rate === undefined ? '–' : `${rate}%`}</dd>
          </div>
          <div className="card" data-testid="stats-saves">
            <dt>{t('subscriptions.stats.saves')}</dt>
            <dd>{number(current.saves)}</dd>
          </div>
        </dl>
      )}
      {stats.months.length > 1 && savesShown > 0 && (
        <p className="muted">
          {t('subscriptions.stats.savesShown', { count: savesShown, months: stats.months.length })}
        </p>
      )}
      {nothingYet ? (
        <p className="empty-state" data-testid="stats-empty">
          {t('subscriptions.stats.empty')}
        </p>
      ) : (
        <figure className="card plan-chart" data-testid="stats-chart">
          <figcaption>{t('subscriptions.stats.chart', { months: stats.months.length })}</figcaption>
          <ul className="plan-chart-legend" aria-hidden="true">
            {SERIES.map((s) => (
              <li key={s} className={`plan-chart-key plan-chart-key--${s}`}>
                {label(s)}
              </li>
            ))}
          </ul>
          <MonthBars stats={stats} label={label} monthName={monthName} />
        </figure>
      )}
      {stats.moreMonthsWith && (
        <p className="muted" data-testid="stats-more">
          {t('subscriptions.stats.more', { plan: t(planName(stats.moreMonthsWith)) })}{' '}
          <Link to="/subscriptions">{t('subscriptions.stats.seePlans')}</Link>
        </p>
      )}
    </>
  );
}

/** The top of the chart's axis: the largest figure rounded up to 1, 2 or 5 times a power of ten (at least 2). */
export function axisTop(max: number): number {
  if (max <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((top) => top >= max)!;
}

/**
 * One group of bars per month (views, offers, accepted: three colours told apart by more than their hue, and each
 * bar's value written above it), on a vertical axis from 0 to a round top with a line at its half. Twelve months
 * scroll sideways on a phone; the axis stays.
 */
function MonthBars({
  stats,
  label,
  monthName,
}: {
  stats: StatisticsAnswer;
  label: (s: Series) => string;
  monthName: (month: string) => string;
}) {
  const t = useT();
  const { number } = useFormat();
  const top = axisTop(Math.max(0, ...stats.months.flatMap((m) => SERIES.map((s) => m[s]))));
  const ticks = [top, top / 2, 0];
  return (
    <div className="plan-chart-body" data-testid="stats-bars">
      <div className="plan-chart-yaxis" aria-hidden="true" data-testid="stats-axis">
        {ticks.map((v) => (
          <span key={v} style={{ bottom: `${(v / top) * 100}%` }}>
            {number(v)}
          </span>
        ))}
      </div>
      <div className="plan-chart-scroll" tabIndex={0} role="region" aria-label={t('subscriptions.stats.chartScroll')}>
        <div className="plan-chart-plot" style={{ minWidth: `${stats.months.length * 64}px` }}>
          <div className="plan-chart-grid" aria-hidden="true">
            {ticks.slice(0, 2).map((v) => (
              <span key={v} className="plan-chart-gridline" style={{ bottom: `${(v / top) * 100}%` }} />
            ))}
          </div>
          <ol className="plan-chart-months">
            {stats.months.map((m) => {
              const name = monthName(m.month);
              return (
                <li key={m.month} className="plan-chart-month">
                  <div
                    className="plan-chart-bars"
                    role="img"
                    aria-label={`${name}: ${SERIES.map((s) => `${label(s)} ${number(m[s])}`).join(', ')}`}
                  >
                    {SERIES.map((s) => (
                      <span
                        key={s}
                        className={`plan-chart-bar plan-chart-bar--${s}`}
                        style={{ height: `${(m[s] / top) * 100}%` }}
                        title={`${label(s)}: ${number(m[s])}`}
                      >
                        <span className="plan-chart-value" data-testid={`stats-value-${s}`}>
                          {number(m[s])}
                        </span>
                      </span>
                    ))}
                  </div>
                  <span className="plan-chart-label">{name.split(' ')[0].slice(0, 3)}</span>
                </li>
              );
            })}
          </ol>
        </div>
      </div>
    </div>
  );
}
