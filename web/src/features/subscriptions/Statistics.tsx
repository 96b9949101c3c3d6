/**
 * Settings > Statistics (/settings/{id}/statistics, business): profile views, offers sent and accepted, and the
 * acceptance rate, month by month: a bar chart of the months its plan shows (Basic this month, Standard and Premium
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
  const nothingYet = stats.months.every((m) => m.views === 0 && m.offers === 0);

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
        </dl>
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

/** One group of bars per month (views, offers, accepted), scaled to the largest figure shown. */
function MonthBars({
  stats,
  label,
  monthName,
}: {
  stats: StatisticsAnswer;
  label: (s: Series) => string;
  monthName: (month: string) => string;
}) {
  const max = Math.max(1, ...stats.months.flatMap((m) => SERIES.map((s) => m[s])));
  return (
    <ol className="plan-chart-months">
      {stats.months.map((m) => {
        const name = monthName(m.month);
        return (
          <li key={m.month} className="plan-chart-month">
            <div
              className="plan-chart-bars"
              role="img"
              aria-label={`${name}: ${SERIES.map((s) => `${label(s)} ${m[s]}`).join(', ')}`}
            >
              {SERIES.map((s) => (
                <span
                  key={s}
                  className={`plan-chart-bar plan-chart-bar--${s}`}
                  style={{ height: `${Math.max(m[s] > 0 ? 4 : 0, Math.round((m[s] / max) * 100))}%` }}
                  title={`${label(s)}: ${m[s]}`}
                />
              ))}
            </div>
            <span className="plan-chart-label">{name.split(' ')[0].slice(0, 3)}</span>
          </li>
        );
      })}
    </ol>
  );
}
